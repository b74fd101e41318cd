import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { Refusal } from './link-page-model.ts';

/** The whole page when a review link cannot open: why, and what to do; never a way to /login. */
export function LinkRefusal({ refusal, onRetry }: { refusal: Refusal; onRetry?(): void }) {
  return (
    <div role="alert" className="lr-refusal" data-testid="link-refusal">
      <Result
        status={refusal.status}
        title={refusal.title}
        subTitle={refusal.description}
        extra={
          refusal.retry && onRetry ? (
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              重试
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
