import { CheckCircleFilled, CloseCircleFilled, QuestionCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  CERTIFICATE_STATUS_LABELS,
  type CertificateCondition,
  type CertificateStatus,
} from '@zikao/contract/student-info';
import { Card, Descriptions, List, Result, Space, Typography } from 'antd';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { studentInfoApi } from '../../api/student-info-api.ts';
import { OutcomeTag } from '../exam/outcome-tag.tsx';
import { LoadingPage } from '../page-states.tsx';

const RESULT_STATUS: Record<CertificateStatus, 'success' | 'error' | 'info'> = {
  eligible: 'success',
  failed: 'error',
  not_eligible: 'info',
};
const RESULT_TEXT: Record<CertificateStatus, string> = {
  eligible: '毕业论文已通过，符合毕业论文方面的条件，可向主考院校申请办理毕业证书。',
  failed: '毕业论文未通过，暂不能申请毕业证书；如有复试安排，请留意通知公告。',
  not_eligible: '毕业论文尚未通过定稿评阅，完成后即可申请毕业证书。',
};

function ConditionIcon({ met }: { met: boolean | null }) {
  if (met === true) return <CheckCircleFilled style={{ color: '#15803d', fontSize: 18 }} aria-label="已满足" />;
  if (met === false) return <CloseCircleFilled style={{ color: '#b91c1c', fontSize: 18 }} aria-label="未满足" />;
  return <QuestionCircleFilled style={{ color: '#6b7280', fontSize: 18 }} aria-label="以考委核定为准" />;
}

const MET_TEXT = (met: boolean | null) => (met === true ? '已满足' : met === false ? '未满足' : '以考委核定为准');

/** 证书: whether the candidate may apply for the graduation certificate, derived from the thesis outcome. */
export function StudentCertificateScreen() {
  const certificate = useQuery({
    queryKey: ['student', 'certificate'],
    queryFn: ({ signal }) => studentInfoApi.certificate(signal),
  });
  if (certificate.isPending) return <LoadingPage />;
  if (certificate.isError) {
    return (
      <Page>
        <ErrorState
          subject="证书状态"
          error={certificate.error}
          description="请稍后刷新重试。"
          onRetry={() => void certificate.refetch()}
        />
      </Page>
    );
  }
  const { status, outcome, conditions, thesis } = certificate.data;
  return (
    <Page>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless">
          <Result
            status={RESULT_STATUS[status]}
            title={<span data-testid="certificate-status">{CERTIFICATE_STATUS_LABELS[status]}</span>}
            subTitle={RESULT_TEXT[status]}
            extra={<OutcomeTag outcome={outcome} />}
          />
          {thesis ? (
            <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} bordered size="small">
              <Descriptions.Item label="批次">{thesis.batchName}</Descriptions.Item>
              <Descriptions.Item label="论文题目">{thesis.title}</Descriptions.Item>
              <Descriptions.Item label="论文成绩">
                {thesis.score === null ? '—' : `${thesis.score} 分`}
              </Descriptions.Item>
              <Descriptions.Item label="等级">{thesis.grade ?? '—'}</Descriptions.Item>
            </Descriptions>
          ) : null}
        </Card>
        <Card variant="borderless" title="申请条件">
          <List<CertificateCondition>
            dataSource={conditions}
            renderItem={(condition) => (
              <List.Item extra={<Typography.Text type="secondary">{MET_TEXT(condition.met)}</Typography.Text>}>
                <List.Item.Meta
                  avatar={<ConditionIcon met={condition.met} />}
                  title={condition.label}
                  description={condition.detail}
                />
              </List.Item>
            )}
          />
        </Card>
        <Typography.Text type="secondary">
          毕业证书由省高等教育自学考试委员会与主考院校办理。本页只依据毕业论文结果提示条件，不代替考委的审核。
        </Typography.Text>
      </Space>
    </Page>
  );
}
