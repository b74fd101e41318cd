import { EditOutlined, HistoryOutlined } from '@ant-design/icons';
import type { HomeQueueItem, ReviewerHome } from '@zikao/contract/home';
import { STAGE_LABELS } from '@zikao/contract/review';
import { Empty } from 'antd';
import { Link, useNavigate } from 'react-router';
import { SubmissionStatusTag } from '../../../shared/components/status-tag.tsx';
import { ToneTag } from '../../../shared/components/tone-tag.tsx';
import { formatDate } from '../../../shared/utils/date.ts';
import { dueState, reviewPathOf, STAGE_LIST_PATHS, waitedText } from './home-format.ts';
import { greeting, HomeCard, NextActionCard, StatTile } from './home-parts.tsx';

/** The candidate as a reviewer may see them: nobody under blind review. */
function candidateText(item: HomeQueueItem): string {
  if (item.blind) return '盲审';
  return item.studentName || '—';
}

function QueueItem({ item, now }: { item: HomeQueueItem; now: number }) {
  const due = dueState(item.dueAt, now);
  return (
    <li data-testid="home-queue-item">
      <div className="home-item-main">
        <Link to={reviewPathOf(item.stage, item.submissionId)} className="home-item-title">
          {item.title}
        </Link>
        <div className="home-item-meta">
          <ToneTag tone="indigo" bordered={false}>
            {STAGE_LABELS[item.stage]}
          </ToneTag>
          <span>{candidateText(item)}</span>
          <span>{item.batchName}</span>
          {item.versionNo > 1 ? <span>第 {item.versionNo} 版</span> : null}
          {item.drafted ? <span>已存草稿</span> : null}
        </div>
        {item.reopened ? <p className="home-reason">退回原因：{item.reopened.reason}</p> : null}
      </div>
      <div className="home-item-side">
        <span className="home-item-meta">{waitedText(item.assignedAt, now)}</span>
        <ToneTag tone={due.tone}>{due.text}</ToneTag>
      </div>
    </li>
  );
}

/**
 * 首页 of a reviewer: what waits, by stage and by due date, the oldest first, the reviews an admin
 * handed back with the reason, and one next action, 继续评阅 on the review that has waited longest.
 */
export function ReviewerHomeView({ data, name }: { data: ReviewerHome; name: string }) {
  const navigate = useNavigate();
  const now = data.serverTime;
  const next = data.queue[0] ?? null;
  const summary =
    data.waiting > 0
      ? `有 ${data.waiting} 篇论文等待您评阅${data.overdue > 0 ? `，其中 ${data.overdue} 篇已超过 ${data.dueDays} 天` : ''}。`
      : '目前没有等待您评阅的论文。';
  return (
    <div className="home-grid">
      <div className="home-span-2">
        <NextActionCard
          heading={`${name ? `${name}，` : ''}${greeting()}！${summary}`}
          title={next ? `下一篇：${next.title}` : '评阅任务都已完成'}
          action={
            next
              ? {
                  label: '继续评阅',
                  icon: <EditOutlined />,
                  onClick: () => navigate(reviewPathOf(next.stage, next.submissionId)),
                }
              : { label: '查看评阅历史', icon: <HistoryOutlined />, onClick: () => navigate('/history/thesis') }
          }
        >
          {next ? (
            <>
              <ToneTag tone="indigo">{STAGE_LABELS[next.stage]}</ToneTag>
              <SubmissionStatusTag status={next.status} />
              <span>{waitedText(next.assignedAt, now)}</span>
              <ToneTag tone={dueState(next.dueAt, now).tone}>{dueState(next.dueAt, now).text}</ToneTag>
              {next.reopened ? <ToneTag tone="orange">被退回</ToneTag> : null}
            </>
          ) : (
            <span>新分配的论文会出现在这里。</span>
          )}
        </NextActionCard>
      </div>
      <div className="home-stats">
        <StatTile label="待评阅" value={data.waiting} suffix="篇" testId="home-stat-waiting" />
        <StatTile
          label={`超过 ${data.dueDays} 天`}
          value={data.overdue}
          suffix="篇"
          tone={data.overdue > 0 ? 'red' : undefined}
        />
        <StatTile label="近 7 天已评" value={data.reviewedThisWeek} suffix="篇" />
      </div>

      <nav className="home-span-3 home-stages" aria-label="各阶段待评阅">
        {data.stages.map((stage) => (
          <Link key={stage.stage} to={STAGE_LIST_PATHS[stage.stage]} className="home-stage" data-testid="home-stage">
            <span className="home-stage-label">{STAGE_LABELS[stage.stage]}</span>
            <span className="home-stage-count">{stage.assigned + stage.reviewing}</span>
            <span className="home-stage-detail">
              <span>
                待评阅 {stage.assigned} · 评阅中 {stage.reviewing}
              </span>
              {stage.overdue > 0 ? (
                <ToneTag tone="red" bordered={false}>
                  超期 {stage.overdue}
                </ToneTag>
              ) : null}
            </span>
          </Link>
        ))}
      </nav>

      <div className="home-span-2">
        <HomeCard title="待评阅队列（等待最久的在前）" testId="home-queue">
          {data.queue.length === 0 ? (
            <Empty description="没有等待您评阅的论文" />
          ) : (
            <>
              <ul className="home-list" aria-label="待评阅队列">
                {data.queue.map((item) => (
                  <QueueItem key={item.submissionId} item={item} now={now} />
                ))}
              </ul>
              {data.waiting > data.queue.length ? (
                <p className="home-item-meta">另有 {data.waiting - data.queue.length} 篇，请在各阶段列表中查看。</p>
              ) : null}
            </>
          )}
        </HomeCard>
      </div>
      <HomeCard title="被退回的评阅" testId="home-reopened">
        {data.reopened.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有被退回的评阅" />
        ) : (
          <ul className="home-list" aria-label="被退回的评阅">
            {data.reopened.map((item) => (
              <li key={item.submissionId}>
                <div className="home-item-main">
                  <Link to={reviewPathOf(item.stage, item.submissionId)} className="home-item-title">
                    {item.title}
                  </Link>
                  <div className="home-item-meta">
                    <ToneTag tone="indigo" bordered={false}>
                      {STAGE_LABELS[item.stage]}
                    </ToneTag>
                    <span>{item.reopened ? `${formatDate(item.reopened.at)} 退回` : ''}</span>
                  </div>
                  <p className="home-reason">{item.reopened?.reason}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </HomeCard>
    </div>
  );
}
