import { BellOutlined, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@zikao/contract/auth';
import type { NoticeDto } from '@zikao/contract/notice';
import type { StudentOverview, StudentStage } from '@zikao/contract/student';
import { Badge, Button, Card, Empty, Grid, Steps, type StepsProps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { menuIcon } from '../../../shared/components/menu-icons.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { ToneTag } from '../../../shared/components/tone-tag.tsx';
import { usePermissionStore } from '../../../shared/stores/permission-store.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { studentApi } from '../api/student-api.ts';
import { LoadingPage } from './page-states.tsx';
import { homeNoticeApi, homeNoticeKeys } from './student-home-data.ts';
import { deadlineLeft, type NextStep, nextStep, reviewPath } from './student-next-step.ts';
import { beijingTime, scoreText, studentStatus, VERDICT_TONE, windowText } from './thesis/student-format.ts';
import './student-home.css';

const DESCRIPTIONS: Record<string, string> = {
  StudentThesis: '提交与修改论文，查看评阅结论、成绩与批注',
  StudentTopic: '提交选题，查看选题评阅意见',
  StudentCourse: '参加直播课程，观看回放',
  StudentExam: '查看考试安排与成绩',
  StudentCertificate: '查看毕业与证书办理进度',
};

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items
    .flatMap((item) => (item.children?.length ? leaves(item.children) : [item]))
    .filter((item) => !item.hidden);
}

/** The retest is shown only to a candidate it applies to, as on 我的论文. */
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
  if (stage.submission) return studentStatus(stage.submission.status, stage.submission.result?.verdict ?? null).text;
  if (stage.action) return '可提交';
  if (stage.windowState === 'closed') return '已截止';
  if (stage.windowState === 'notStarted') return '未开始';
  return '未提交';
}

function NextStepCard({
  step,
  now,
  onRead,
}: {
  step: NextStep;
  now: number;
  onRead(notice: NoticeDto): Promise<void>;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const left = deadlineLeft(step.deadline, now);
  const go = async () => {
    const { notice } = step.action;
    if (notice) {
      setBusy(true);
      await onRead(notice);
      setBusy(false);
    }
    navigate(step.action.to);
  };
  return (
    <Card variant="borderless" className="sh-next" data-testid="student-next-step">
      <p className="sh-eyebrow">下一步</p>
      <h2 className="sh-next-title">{step.title}</h2>
      <p className="sh-next-text">{step.description}</p>
      {step.deadline !== null ? (
        <p className="sh-deadline" data-testid="student-deadline">
          截止时间：{beijingTime(step.deadline)}
          {left ? <ToneTag tone={left.urgent ? 'red' : 'blue'}>{left.text}</ToneTag> : null}
        </p>
      ) : step.kind === 'submit' || step.kind === 'resubmit' ? (
        <p className="sh-deadline">截止时间：不限</p>
      ) : null}
      <div className="sh-next-actions">
        <Button type="primary" size="large" loading={busy} onClick={() => void go()} data-testid="student-next-button">
          {step.action.label}
        </Button>
        {step.secondary ? (
          <Link to={step.secondary.to} className="sh-more">
            {step.secondary.label}
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

/** The stage the timeline marks as current: the next step's, else the next one open, else the latest submitted. */
function focusStage(overview: StudentOverview, step: NextStep): string | null {
  if (step.stage) return step.stage.stage;
  const open = overview.stages.find((stage) => stage.action !== null);
  if (open) return open.stage;
  return overview.stages.filter((stage) => stage.submission).at(-1)?.stage ?? null;
}

function Progress({ overview, focus }: { overview: StudentOverview; focus: string | null }) {
  const screens = Grid.useBreakpoint();
  const shown = overview.stages.filter(visible);
  const current = Math.max(
    0,
    shown.findIndex((stage) => stage.stage === focus),
  );
  return (
    <Card variant="borderless" title={<h2 className="sh-card-title">论文进度</h2>} className="sh-steps">
      <Steps
        aria-label="论文阶段时间线"
        size="small"
        current={current}
        orientation={screens.md ? 'horizontal' : 'vertical'}
        titlePlacement={screens.md ? 'vertical' : 'horizontal'}
        items={shown.map((stage) => ({
          title: stage.label,
          status: stepStatus(stage),
          content: (
            <div className="sh-step">
              <div>{stepText(stage)}</div>
              <div>{windowText(stage.window)}</div>
            </div>
          ),
        }))}
      />
    </Card>
  );
}

function Feedback({
  overview,
  notices,
  unread,
  failed,
  onRetry,
  onOpen,
}: {
  overview: StudentOverview;
  notices: NoticeDto[];
  unread: number;
  failed: unknown;
  onRetry(): void;
  onOpen(notice: NoticeDto): Promise<void>;
}) {
  const navigate = useNavigate();
  const results = overview.stages.filter((stage) => stage.submission?.result);
  return (
    <div className="sh-grid">
      <Card
        variant="borderless"
        data-testid="student-unread"
        title={
          <h2 className="sh-card-title">
            未读消息 <Badge count={unread} overflowCount={99} aria-hidden showZero={false} />
          </h2>
        }
        extra={
          <Link to="/student/notice" className="sh-more">
            全部通知
            <RightOutlined aria-hidden />
          </Link>
        }
      >
        {failed ? (
          <ErrorState variant="inline" subject="通知" error={failed} onRetry={onRetry} />
        ) : notices.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有未读消息" />
        ) : (
          <ul className="sh-list" aria-label="未读消息">
            {notices.map((notice) => (
              <li key={notice.id}>
                <button
                  type="button"
                  className="sh-notice"
                  onClick={async () => {
                    await onOpen(notice);
                    navigate(notice.link || '/student/notice');
                  }}
                >
                  <span className="sh-notice-title">
                    <BellOutlined aria-hidden /> {notice.title}
                  </span>
                  <span className="sh-meta">
                    <ToneTag tone={notice.kind === 'review' ? 'orange' : 'blue'} bordered={false}>
                      {notice.kind === 'review' ? '评阅结果' : '公告'}
                    </ToneTag>
                    {formatDate(notice.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card variant="borderless" title={<h2 className="sh-card-title">评阅结果</h2>} data-testid="student-results">
        {results.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有评阅结果" />
        ) : (
          <ul className="sh-list" aria-label="评阅结果">
            {results.map((stage) => {
              const result = stage.submission?.result;
              if (!stage.submission || !result) return null;
              const verdict = result.verdict ? VERDICT_TONE[result.verdict] : null;
              return (
                <li key={stage.stage} className="sh-result">
                  <div className="sh-result-main">
                    <span className="sh-notice-title">
                      {stage.label}
                      {result.versionNo > 1 ? ` · 第 ${result.versionNo} 版` : ''}
                    </span>
                    <span className="sh-meta">
                      {verdict ? <ToneTag tone={verdict.tone}>{verdict.text}</ToneTag> : null}
                      {result.score === null ? null : <span>{scoreText(result)}</span>}
                      <span>{formatDate(result.reviewedAt)}</span>
                    </span>
                  </div>
                  <Link to={reviewPath(stage.submission.id)} aria-label={`查看${stage.label}的评阅意见`}>
                    查看
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}

/**
 * The candidate home (考生中心, issue 21 §3): where the thesis stands, the next step with its
 * deadline and one primary action, unread notices and released reviews, and the candidate's pages.
 * Laid out in one column on a phone, where candidates mostly read it.
 */
export default function StudentHomeScreen() {
  const menu = usePermissionStore((state) => state.routes);
  const name = useSessionStore((state) => state.name);
  const majorName = useSessionStore((state) => state.majorName);
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: ['candidate', 'overview'],
    queryFn: ({ signal }) => studentApi.overview(signal),
  });
  const notices = useQuery({ queryKey: homeNoticeKeys.unread, queryFn: ({ signal }) => homeNoticeApi.unread(signal) });
  const items = leaves(menu);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['candidate'] });
    void queryClient.invalidateQueries({ queryKey: homeNoticeKeys.all });
  };
  const markRead = async (notice: NoticeDto) => {
    try {
      await homeNoticeApi.read(notice.id);
    } finally {
      void queryClient.invalidateQueries({ queryKey: homeNoticeKeys.all });
    }
  };
  const reload = (
    <Button icon={<ReloadOutlined />} onClick={refresh}>
      刷新
    </Button>
  );
  if (overview.isPending) return <LoadingPage extra={reload} />;

  const unreadList = notices.data?.list ?? [];
  const unreadReview = unreadList.find((notice) => notice.kind === 'review') ?? null;
  const data = overview.data;
  const { thesis, batch } = data ?? { thesis: null, batch: null };
  const step = data ? nextStep(data, unreadReview) : null;
  return (
    <Page extra={reload}>
      <Card variant="borderless" className="sh-hello">
        <h2 className="sh-hello-title">{name ? `${name}，您好` : '您好'}</h2>
        <p className="sh-meta">
          {[majorName ? `报考专业：${majorName}` : '', batch ? `批次：${batch.name}` : '']
            .filter(Boolean)
            .join(' · ') || '欢迎使用自考在线'}
        </p>
        {thesis ? <p className="sh-thesis">论文题目：{thesis.title}</p> : null}
      </Card>
      {overview.isError ? (
        <ErrorState subject="论文信息" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : data && step ? (
        <>
          <NextStepCard step={step} now={Date.now()} onRead={markRead} />
          {thesis ? <Progress overview={data} focus={focusStage(data, step)} /> : null}
          <Feedback
            overview={data}
            notices={unreadList}
            unread={notices.data?.unread ?? 0}
            failed={notices.isError ? notices.error : null}
            onRetry={() => void notices.refetch()}
            onOpen={markRead}
          />
        </>
      ) : null}
      <Card variant="borderless" title={<h2 className="sh-card-title">我的服务</h2>}>
        <nav aria-label="考生服务" className="sh-links">
          {items.map((item) => (
            <Link key={item.name} to={item.path} className="sh-link">
              <span aria-hidden="true" className="sh-link-icon">
                {menuIcon(item.icon)}
              </span>
              <span className="sh-link-text">
                <span className="sh-link-title">{item.title}</span>
                <span className="sh-meta">{DESCRIPTIONS[item.name] ?? ''}</span>
              </span>
            </Link>
          ))}
        </nav>
      </Card>
    </Page>
  );
}
