import { EyeOutlined, LockOutlined } from '@ant-design/icons';
import type { StudentStage } from '@zikao/contract/student';
import { Alert, Button, Card, Collapse, Descriptions, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { conflictNotice, scoreText, WINDOW_TONE, windowText } from './student-format.ts';
import { StatusTag, VerdictTag } from './student-status.tsx';
import { SubmitPanel } from './submit-panel.tsx';
import { VersionHistory } from './version-history.tsx';

const SCORED = ['final', 'retest'];

/** One stage: its window, uploads, status and result, the submit panel when it is open, and the version history. */
export function StageCard(props: {
  thesisId: number;
  stage: StudentStage;
  threshold: number;
  /** Reloads the stages; resolves once the new ones are in. */
  onChanged(): Promise<unknown> | undefined;
}) {
  const { thesisId, stage, threshold, onChanged } = props;
  const navigate = useNavigate();
  const { submission } = stage;
  // A submit the server refused because the stage had moved on (issue 32 §1.7), and the version then.
  const [conflict, setConflict] = useState<{ reason: string; versionBefore: number } | null>(null);
  const notice = conflict && conflictNotice(stage, conflict.reason, conflict.versionBefore);
  const refreshAfterConflict = async (reason: string) => {
    const versionBefore = submission?.currentVersion ?? 0;
    await onChanged();
    setConflict({ reason, versionBefore });
  };
  const result = submission?.result ?? null;
  const scored = SCORED.includes(stage.stage);
  const windowTone = WINDOW_TONE[stage.windowState];
  const reviewLink = submission && result ? `/student/thesis/review/${submission.id}` : null;

  return (
    <Card
      id={`stage-${stage.stage}`}
      data-testid={`stage-${stage.stage}`}
      title={
        <Space>
          <span>{stage.label}</span>
          {submission ? (
            <StatusTag status={submission.status} verdict={result?.verdict ?? null} />
          ) : (
            <ToneTag tone="grey">未提交</ToneTag>
          )}
        </Space>
      }
      extra={
        reviewLink && (
          <Link to={reviewLink}>
            <EyeOutlined /> 查看评阅结果
          </Link>
        )
      }
    >
      {notice && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="student-conflict"
          data-testid={`conflict-${stage.stage}`}
          title={notice.title}
          description={notice.description}
          closable={{ onClose: () => setConflict(null), 'aria-label': '关闭' }}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="提交时间">
          <Space size={4} wrap>
            {windowText(stage.window)}
            {/* 开放中 only where the candidate can submit now: beside a locked stage it misleads. */}
            {(stage.windowState !== 'open' || stage.action) && (
              <ToneTag tone={windowTone.tone}>{windowTone.text}</ToneTag>
            )}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="上传次数">
          已用 {stage.uploadsUsed} / {stage.uploadLimit} 次，剩余 {stage.uploadsLeft} 次
        </Descriptions.Item>
        {submission && <Descriptions.Item label="当前版本">第 {submission.currentVersion} 版</Descriptions.Item>}
        {result && (
          <Descriptions.Item
            label={
              submission && result.versionNo < submission.currentVersion
                ? `上次评阅结论（第 ${result.versionNo} 版）`
                : '评阅结论'
            }
          >
            <VerdictTag verdict={result.verdict} />
          </Descriptions.Item>
        )}
        {result && scored && <Descriptions.Item label="成绩与等级">{scoreText(result)}</Descriptions.Item>}
      </Descriptions>

      {stage.action && stage.stage === 'topic' && (
        <Button type="primary" onClick={() => navigate('/student/topic')}>
          {stage.action === 'resubmit' ? '修改并重新提交选题' : '填写选题'}
        </Button>
      )}
      {stage.action && stage.stage !== 'topic' && (
        <SubmitPanel
          thesisId={thesisId}
          stage={stage}
          threshold={threshold}
          onSubmitted={() => {
            setConflict(null);
            void onChanged();
          }}
          onConflict={refreshAfterConflict}
        />
      )}
      {!stage.action && stage.blockedReason && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type={submission?.status === 'passed' ? 'success' : 'info'}
            showIcon
            title={stage.blockedReason}
            data-testid={`blocked-${stage.stage}`}
          />
          {stage.stage !== 'topic' && !(submission && submission.status !== 'returned') && (
            <Tooltip title={stage.blockedReason}>
              <Button icon={<LockOutlined />} disabled aria-label={`提交${stage.label}（${stage.blockedReason}）`}>
                提交{stage.label}
              </Button>
            </Tooltip>
          )}
        </Space>
      )}

      {submission && (
        <Collapse
          ghost
          className="student-history"
          items={[
            {
              key: 'versions',
              label: `版本记录（共 ${submission.currentVersion} 版）`,
              children: <VersionHistory submissionId={submission.id} scored={scored} />,
            },
          ]}
        />
      )}
    </Card>
  );
}
