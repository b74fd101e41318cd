import { EyeInvisibleOutlined } from '@ant-design/icons';
import type { Stage, SubmissionListRow } from '@zikao/contract/review';
import { Space, type TableColumnsType, Tooltip } from 'antd';
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

/** The table's columns for a list of one stage. */
export function reviewListColumns(
  config: ReviewListConfig,
  stage: Stage,
  state: ListState,
): TableColumnsType<SubmissionListRow> {
  const sortable = (key: SortKey) => ({
    key,
    sorter: true,
    sortOrder: columnSortOrder(state, key),
    sortDirections: ['ascend', 'descend'] as Array<'ascend' | 'descend'>,
    showSorterTooltip: { title: '点击排序' },
  });
  const scored = SCORED.includes(stage);
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
    // Two links of 14 px characters, their gap and the cell's padding.
    width: 56 + 14 * (config.reviewLabel.length + config.detailLabel.length),
    fixed: 'right',
    render: (_, row) => (
      <Space size="middle">
        <Link to={config.reviewHref(row.id, stage)} aria-label={`${config.reviewLabel}：${row.title}`}>
          {config.reviewLabel}
        </Link>
        <Link to={config.detailHref(row.id, stage)} aria-label={`${config.detailLabel}：${row.title}`}>
          {config.detailLabel}
        </Link>
      </Space>
    ),
  });
  return columns;
}

/** The table's scroll width: the fixed columns plus room for a readable title. */
export function tableScrollX(columns: TableColumnsType<SubmissionListRow>): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0) + 220;
}
