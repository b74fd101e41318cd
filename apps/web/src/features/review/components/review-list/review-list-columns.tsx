import { EyeInvisibleOutlined } from '@ant-design/icons';
import type { Stage, SubmissionListRow, SubmissionStatus } from '@zikao/contract/review';
import { Button, Space, type TableColumnsType, Tooltip } from 'antd';
import { Link } from 'react-router';
import { SubmissionStatusTag } from '../../../../shared/components/status-tag.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { type ReviewListConfig, SCORED } from './list-configs.ts';
import { columnSortOrder, type ListState, type SortKey } from './list-query.ts';
import { isBlind, versionLabel } from './status-display.ts';

const DATE_TIME = 'YYYY-MM-DD HH:mm';

/** 盲审 in grey where a blind-review row has no candidate. */
function Blind() {
  return (
    <Tooltip title="盲审批次不显示考生信息">
      <span className="review-list-blind">
        <EyeInvisibleOutlined aria-hidden /> 盲审
      </span>
    </Tooltip>
  );
}

/** Statuses a 评阅 link can still be made for: the submission goes to the outside expert. */
const LINKABLE: readonly SubmissionStatus[] = ['unassigned', 'assigned', 'reviewing'];

/** An admin's row actions (issue 13): 生成评阅链接 for an open submission, 复核 for one 待复核. */
export interface AdminRowActions {
  onCreateLink(row: SubmissionListRow): void;
  onCheck(row: SubmissionListRow): void;
}

/** The admin's action of a row, if any: the text and what it does. */
function adminAction(row: SubmissionListRow, actions: AdminRowActions): { text: string; run(): void } | null {
  if (row.status === 'awaiting_check') return { text: '复核', run: () => actions.onCheck(row) };
  if (LINKABLE.includes(row.status)) return { text: '生成评阅链接', run: () => actions.onCreateLink(row) };
  return null;
}

/** A row's links (批注, 查看…) and an admin's action. */
function rowActions(config: ReviewListConfig, stage: Stage, row: SubmissionListRow, admin?: AdminRowActions) {
  const extra = admin ? adminAction(row, admin) : null;
  return (
    <Space size="middle">
      <Link to={config.reviewHref(row.id, stage)} aria-label={`${config.reviewLabel}：${row.title}`}>
        {config.reviewLabel}
      </Link>
      <Link to={config.detailHref(row.id, stage)} aria-label={`${config.detailLabel}：${row.title}`}>
        {config.detailLabel}
      </Link>
      {extra && (
        <Button
          type="link"
          size="small"
          className="review-list-action"
          onClick={extra.run}
          aria-label={`${extra.text}：${row.title}`}
        >
          {extra.text}
        </Button>
      )}
    </Space>
  );
}

/**
 * The table's columns for a list of one stage; `admin` adds the admin's row actions. `narrow` (a
 * phone): one column, each row a card of title, status, candidate, version, batch and its links,
 * with no sideways scroll to hide the status behind.
 */
export function reviewListColumns(
  config: ReviewListConfig,
  stage: Stage,
  state: ListState,
  admin?: AdminRowActions,
  narrow = false,
): TableColumnsType<SubmissionListRow> {
  const sortable = (key: SortKey) => ({
    key,
    sorter: true,
    sortOrder: columnSortOrder(state, key),
    sortDirections: ['ascend', 'descend'] as Array<'ascend' | 'descend'>,
    showSorterTooltip: { title: '点击排序' },
  });
  const scored = SCORED.includes(stage);
  if (narrow) {
    return [
      {
        title: stage === 'topic' ? '选题' : '论文',
        dataIndex: 'title',
        ...sortable('title'),
        render: (value: string, row) => (
          <div className="review-list-row" data-testid="review-list-row">
            <div className="review-list-row-title">{value}</div>
            <div className="review-list-row-facts">
              <SubmissionStatusTag status={row.status} />
              {isBlind(row) ? <Blind /> : <span>{row.studentName || '—'}</span>}
              <span>{versionLabel(row.version)}</span>
              {scored && row.score !== null && (
                <span>
                  {row.score} 分 {row.grade}
                </span>
              )}
            </div>
            <div className="review-list-sub">
              {row.batchName} · {row.majorName || '—'} · 提交于 {formatDate(row.submittedAt, DATE_TIME)}
            </div>
            <div className="review-list-row-actions">{rowActions(config, stage, row, admin)}</div>
          </div>
        ),
      },
    ];
  }
  const columns: TableColumnsType<SubmissionListRow> = [
    {
      title: stage === 'topic' ? '选题题目' : '论文题目',
      dataIndex: 'title',
      ellipsis: { showTitle: true },
      ...sortable('title'),
    },
    {
      title: '考生 / 准考证号',
      dataIndex: 'studentName',
      width: 150,
      render: (value: string, row) =>
        isBlind(row) ? (
          <Blind />
        ) : (
          <>
            <div>{value || '—'}</div>
            <div className="review-list-sub">{row.examNo || '—'}</div>
          </>
        ),
    },
    {
      title: '批次 / 专业',
      dataIndex: 'batchName',
      // Room for a batch name like 2026年上半年（盲审）; the title column takes what is left.
      width: 210,
      ellipsis: true,
      render: (value: string, row) => (
        <>
          <div className="review-list-clip" title={value}>
            {value}
          </div>
          <div className="review-list-sub review-list-clip" title={row.majorName}>
            {row.majorName || '—'}
          </div>
        </>
      ),
    },
    { title: '版本', dataIndex: 'version', width: 72, render: (value: number) => versionLabel(value) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (value: SubmissionListRow['status']) => <SubmissionStatusTag status={value} />,
      ...sortable('status'),
    },
  ];
  if (scored) {
    columns.push({
      title: '成绩',
      dataIndex: 'score',
      width: 90,
      render: (value: number | null, row) =>
        value === null ? (
          '—'
        ) : (
          <>
            <div>{value}</div>
            <div className="review-list-sub">{row.grade}</div>
          </>
        ),
    });
  }
  columns.push({
    title: '提交时间',
    dataIndex: 'submittedAt',
    width: 150,
    render: (value: number) => formatDate(value, DATE_TIME),
    ...sortable('submittedAt'),
  });
  columns.push({
    title: '操作',
    key: 'action',
    // Two links of 14 px characters, their gap and the cell's padding; an admin's third (at most
    // six characters) and its gap.
    width: 56 + 14 * (config.reviewLabel.length + config.detailLabel.length) + (admin ? 24 + 14 * 6 : 0),
    fixed: 'right',
    render: (_, row) => rowActions(config, stage, row, admin),
  });
  return columns;
}

/** The table's scroll width: the fixed columns plus room for a readable title. */
export function tableScrollX(columns: TableColumnsType<SubmissionListRow>): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0) + 220;
}
