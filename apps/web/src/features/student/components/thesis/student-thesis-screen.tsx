import { ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudentStage } from '@zikao/contract/student';
import { Button, Card, Descriptions, Empty, Space, Steps, type StepsProps } from 'antd';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { studentApi } from '../../api/student-api.ts';
import { StageCard } from './stage-card.tsx';
import { studentStatus, windowText } from './student-format.ts';
import './student.css';
import { LoadingPage } from '../page-states.tsx';

/** The retest is shown only to a candidate it applies to: a failed final, or a retest under way. */
const visible = (stage: StudentStage) => stage.stage !== 'retest' || stage.submission !== null || stage.action !== null;

function stepStatus(stage: StudentStage): NonNullable<StepsProps['items']>[number]['status'] {
  const { submission } = stage;
  if (!submission) return stage.action ? 'process' : 'wait';
  const { tone } = studentStatus(submission.status, submission.result?.verdict ?? null);
  if (tone === 'green') return 'finish';
  if (tone === 'red') return 'error';
  return 'process';
}

function stepText(stage: StudentStage): string {
  const { submission } = stage;
  const status = submission
    ? studentStatus(submission.status, submission.result?.verdict ?? null).text
    : stage.action
      ? '可提交'
      : stage.windowState === 'closed'
        ? '已截止'
        : stage.windowState === 'notStarted'
          ? '未开始'
          : '未提交';
  return `${status} · 剩余 ${stage.uploadsLeft} 次`;
}

/** 我的论文: the stage timeline with the batch's windows, and a card per stage to submit, resubmit and follow the review. */
export function StudentThesisScreen() {
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: ['candidate', 'overview'],
    queryFn: ({ signal }) => studentApi.overview(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['candidate'] });

  const reload = (
    <Button icon={<ReloadOutlined />} onClick={() => void refresh()} aria-label="刷新">
      刷新
    </Button>
  );
  if (overview.isPending) return <LoadingPage extra={reload} />;
  if (overview.isError) {
    return (
      <Page extra={reload}>
        <ErrorState
          subject="论文信息"
          error={overview.error}
          description="请稍后刷新重试。"
          onRetry={() => void overview.refetch()}
        />
      </Page>
    );
  }
  const { thesis, batch, stages } = overview.data;
  if (!thesis || !batch) {
    return (
      <Page>
        <Card variant="borderless">
          <Empty description="您还没有论文批次，请联系考办确认报考信息" />
        </Card>
      </Page>
    );
  }
  const shown = stages.filter(visible);
  return (
    <Page extra={reload}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card variant="borderless">
          <Descriptions title={thesis.title} size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label="批次">{batch.name}</Descriptions.Item>
            <Descriptions.Item label="专业">{thesis.majorName || '—'}</Descriptions.Item>
            <Descriptions.Item label="指导教师">{thesis.advisor || '—'}</Descriptions.Item>
            <Descriptions.Item label="查重率阈值">{batch.plagiarismThreshold}%</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card variant="borderless" title="论文进度" className="student-steps">
          <Steps
            aria-label="论文阶段时间线"
            size="small"
            titlePlacement="vertical"
            items={shown.map((stage) => ({
              title: stage.label,
              status: stepStatus(stage),
              content: (
                <div>
                  <div>{windowText(stage.window)}</div>
                  <div>{stepText(stage)}</div>
                </div>
              ),
            }))}
          />
        </Card>
        {shown.map((stage) => (
          <StageCard
            key={stage.stage}
            thesisId={thesis.id}
            stage={stage}
            threshold={batch.plagiarismThreshold}
            onChanged={refresh}
          />
        ))}
      </Space>
    </Page>
  );
}
