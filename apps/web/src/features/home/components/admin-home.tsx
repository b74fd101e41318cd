import { AuditOutlined, BarChartOutlined, DeploymentUnitOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { AdminHome, HomeBatchProgress } from '@zikao/contract/home';
import { STAGE_LABELS, VERDICT_LABELS } from '@zikao/contract/review';
import { Button, Empty } from 'antd';
import { useNavigate } from 'react-router';
import { SubmissionStatusTag } from '../../../shared/components/status-tag.tsx';
import { ToneTag } from '../../../shared/components/tone-tag.tsx';
import { openCheckPage } from '../../../shared/review-link/open-check-page.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { dueState, percentOf, progressParts, waitedText } from './home-format.ts';
import { greeting, HomeCard, NextActionCard, StatTile } from './home-parts.tsx';
import { type AdminNext, adminNext } from './next-action.ts';

const ASSIGNMENT_PATH = '/console/assignment';

function BatchProgress({ batch }: { batch: HomeBatchProgress }) {
  const parts = progressParts(batch.counts);
  const summary = parts.map((part) => `${part.label} ${part.count}`).join('，');
  return (
    <div className="home-batch" data-testid="home-batch">
      <div className="home-batch-head">
        <span className="home-batch-name">{batch.name}</span>
        {batch.blindReview ? <ToneTag tone="grey">盲审</ToneTag> : null}
        {batch.adminCheck ? <ToneTag tone="purple">需复核</ToneTag> : null}
        {/* The same two numbers, in the same words, as 批次管理's 论文数 and 提交数. */}
        <span className="home-item-meta">
          论文 {batch.theses} 篇 · 提交 {batch.total} 份
        </span>
        {batch.overdue > 0 ? <ToneTag tone="red">超期 {batch.overdue}</ToneTag> : null}
      </div>
      <div className="home-bar" role="img" aria-label={`${batch.name}：${batch.total > 0 ? summary : '暂无提交'}`}>
        {parts
          .filter((part) => part.count > 0)
          .map((part) => (
            <span key={part.key} style={{ width: `${(part.count / batch.total) * 100}%`, background: part.color }} />
          ))}
      </div>
      <ul className="home-legend" aria-hidden="true">
        {parts
          .filter((part) => part.count > 0)
          .map((part) => (
            <li key={part.key}>
              <span className="home-dot" style={{ background: part.color }} />
              {part.label} {part.count}
              {batch.total > 0 ? `（${percentOf(part.count, batch.total)}%）` : ''}
            </li>
          ))}
      </ul>
    </div>
  );
}

function nextCard(next: AdminNext, data: AdminHome, go: (path: string) => void) {
  switch (next.kind) {
    case 'assign': {
      const stages = data.unassigned.filter((row) => row.count > 0);
      const tags = stages.map((row) => (
        <ToneTag key={row.stage} tone="grey">
          {STAGE_LABELS[row.stage]} {row.count}
        </ToneTag>
      ));
      // A revoked review link gave these back: they were 评阅中 and need another reviewer (issue 32 §1.5).
      if (next.released > 0) {
        return {
          title: `${next.released} 篇论文的评阅链接已撤销，等待改派`,
          body: [...tags, <span key="hint">撤销后论文已退回待分配，外审专家的批注会交给改派的评阅教师。</span>],
          action: { label: '去改派', icon: <DeploymentUnitOutlined />, onClick: () => go(ASSIGNMENT_PATH) },
        };
      }
      return {
        title: `${next.count} 篇论文等待分配评阅教师`,
        body: tags,
        action: { label: '去分配', icon: <DeploymentUnitOutlined />, onClick: () => go(ASSIGNMENT_PATH) },
      };
    }
    case 'check':
      return {
        title: `${next.count} 篇评阅结论等待复核：${next.item.title}`,
        body: [
          <ToneTag key="stage" tone="indigo">
            {STAGE_LABELS[next.item.stage]}
          </ToneTag>,
          <span key="by">评阅教师 {next.item.reviewerName || '—'}</span>,
          <span key="verdict">
            结论 {next.item.verdict ? VERDICT_LABELS[next.item.verdict] : '—'}
            {next.item.score === null ? '' : `，${next.item.score} 分`}
          </span>,
        ],
        action: {
          label: '去复核',
          icon: <AuditOutlined />,
          onClick: () => void openCheckPage(next.item.submissionId),
        },
      };
    case 'overdue':
      return {
        title: `${next.count} 篇评阅已超过 ${data.dueDays} 天未完成`,
        body: [<span key="hint">请联系下方的评阅教师，或在评阅分配中改派。</span>],
        action: { label: '查看并改派', icon: <FieldTimeOutlined />, onClick: () => go(ASSIGNMENT_PATH) },
      };
    case 'statistics':
      return {
        title: '各批次评阅进展正常',
        body: [<span key="hint">没有待分配、待复核或超期的论文。</span>],
        action: { label: '查看数据统计', icon: <BarChartOutlined />, onClick: () => go('/data/index') },
      };
  }
}

/**
 * 首页 of an admin: each open batch's progress, the work no reviewer has yet, reviews past the
 * review period, verdicts waiting for 复核, and one next action in that order of urgency.
 */
export function AdminHomeView({ data, name }: { data: AdminHome; name: string }) {
  const navigate = useNavigate();
  const now = data.serverTime;
  const card = nextCard(adminNext(data), data, navigate);
  const openTotal = data.batches.reduce((sum, batch) => sum + batch.total, 0);
  return (
    <div className="home-grid">
      <div className="home-span-2">
        <NextActionCard
          heading={`${name ? `${name}，` : ''}${greeting()}！进行中的 ${data.batches.length} 个批次共 ${openTotal} 份提交，${data.totals.inReview} 篇正在评阅。`}
          title={card.title}
          action={card.action}
        >
          {card.body}
        </NextActionCard>
      </div>
      <div className="home-stats home-stats-4">
        <StatTile label="待分配" value={data.totals.unassigned} suffix="篇" testId="home-stat-unassigned" />
        <StatTile label="评阅中" value={data.totals.inReview} suffix="篇" />
        <StatTile
          label={`超过 ${data.dueDays} 天`}
          value={data.totals.overdue}
          suffix="篇"
          tone={data.totals.overdue > 0 ? 'red' : undefined}
        />
        <StatTile
          label="待复核"
          value={data.totals.awaitingCheck}
          suffix="篇"
          tone={data.totals.awaitingCheck > 0 ? 'purple' : undefined}
        />
      </div>

      <div className="home-span-2">
        <HomeCard title="进行中的批次" more={{ to: '/console/batch', label: '批次管理' }} testId="home-batches">
          {data.batches.length === 0 ? (
            <Empty description="没有进行中的批次" />
          ) : (
            data.batches.map((batch) => <BatchProgress key={batch.batchId} batch={batch} />)
          )}
        </HomeCard>
      </div>
      <HomeCard title="待分配" more={{ to: ASSIGNMENT_PATH, label: '评阅分配' }} testId="home-unassigned">
        <div className="home-counts">
          {data.unassigned.map((row) => (
            <div key={row.stage} className="home-count">
              <span>{STAGE_LABELS[row.stage]}</span>
              <strong>{row.count}</strong>
            </div>
          ))}
        </div>
        {data.totals.released > 0 && (
          <p className="home-item-meta" data-testid="home-released">
            其中 {data.totals.released} 篇的评阅链接已撤销，等待改派
          </p>
        )}
        <h3 className="home-card-title" style={{ fontSize: 14, marginBottom: 4 }}>
          评阅教师
        </h3>
        {data.reviewers.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无评阅中的论文" />
        ) : (
          <ul className="home-list" aria-label="评阅教师的待评阅论文">
            {data.reviewers.map((row) => (
              <li key={row.reviewerId}>
                <span className="home-item-title">{row.name}</span>
                <span className="home-item-meta">
                  评阅中 {row.active} 篇{row.overdue > 0 ? <ToneTag tone="red">超期 {row.overdue}</ToneTag> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </HomeCard>

      <div className="home-span-2">
        <HomeCard title={`超期评阅（超过 ${data.dueDays} 天）`} testId="home-overdue">
          {data.overdue.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有超期的评阅" />
          ) : (
            <ul className="home-list" aria-label="超期评阅">
              {data.overdue.map((item) => (
                <li key={item.submissionId}>
                  <div className="home-item-main">
                    <span className="home-item-title">{item.title}</span>
                    <div className="home-item-meta">
                      <ToneTag tone="indigo" bordered={false}>
                        {STAGE_LABELS[item.stage]}
                      </ToneTag>
                      <SubmissionStatusTag status={item.status} />
                      <span>{item.batchName}</span>
                      <span>评阅教师 {item.reviewerName || '—'}</span>
                    </div>
                  </div>
                  <div className="home-item-side">
                    <span className="home-item-meta">{waitedText(item.assignedAt, now)}</span>
                    <ToneTag tone="red">{dueState(item.dueAt, now).text}</ToneTag>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </HomeCard>
      </div>
      <HomeCard title="待复核" testId="home-checks">
        {data.awaitingCheck.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待复核的评阅" />
        ) : (
          <ul className="home-list" aria-label="待复核">
            {data.awaitingCheck.map((item) => (
              <li key={item.submissionId}>
                <div className="home-item-main">
                  <span className="home-item-title">{item.title}</span>
                  <div className="home-item-meta">
                    <ToneTag tone="indigo" bordered={false}>
                      {STAGE_LABELS[item.stage]}
                    </ToneTag>
                    <span>{item.reviewerName || '—'}</span>
                    <span>
                      {item.verdict ? VERDICT_LABELS[item.verdict] : '—'}
                      {item.score === null ? '' : ` ${item.score} 分`}
                    </span>
                    <span>{formatDate(item.reviewedAt)} 提交</span>
                  </div>
                </div>
                <Button size="small" onClick={() => void openCheckPage(item.submissionId)}>
                  复核
                </Button>
              </li>
            ))}
          </ul>
        )}
      </HomeCard>
    </div>
  );
}
