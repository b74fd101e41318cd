import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { ErrorCode } from '@zikao/contract/errors';
import { Button, Result, Skeleton, Space } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/request/errors.ts';

export function BackButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
      返回
    </Button>
  );
}

/** The review screen's shape while its detail loads: header, document, form panel. */
export function ReviewSkeleton() {
  return (
    <div role="status" aria-label="正在加载论文" className="rv-skeleton">
      <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1, width: '70%' }} />
      <div className="rv-skeleton-body">
        <div className="rv-skeleton-doc">
          <Skeleton active title={false} paragraph={{ rows: 14 }} />
        </div>
        <div className="rv-skeleton-panel">
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      </div>
    </div>
  );
}

/** Why the submission cannot be shown: no right to it (1030003), gone (1040001), or a failed request. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const code = error instanceof ApiError ? error.code : null;
  const message = error instanceof Error ? error.message : '';
  if (code === ErrorCode.forbidden) {
    return (
      <Result status="403" title="无权查看该论文" subTitle={message || '该论文未分配给您'} extra={<BackButton />} />
    );
  }
  if (code === ErrorCode.notFound) {
    return (
      <Result
        status="404"
        title="论文不存在"
        subTitle={message === '论文不存在' ? '可能已被删除，或链接有误' : message}
        extra={<BackButton />}
      />
    );
  }
  return (
    <Result
      status="error"
      title="论文加载失败"
      subTitle={message || '请稍后再试'}
      extra={
        <Space>
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            重试
          </Button>
          <BackButton />
        </Space>
      }
    />
  );
}
