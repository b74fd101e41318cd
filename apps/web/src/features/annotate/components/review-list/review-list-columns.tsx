import { EyeInvisibleOutlined } from '@ant-design/icons';
import { type Stage, type SubmissionListRow, VERDICT_LABELS } from '@zikao/contract/review';
import { Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../../../shared/utils/date.ts';
import { type ReviewListConfig, SCORED } from './list-configs.ts';
import { columnSortOrder, type ListState, type SortKey } from './list-query.ts';
import { isBlind, STATUS_STYLE, statusLabel, versionLabel } from './status-display.ts';

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

export function StatusTag({ status }: { status: SubmissionListRow['status'] }) {
  const style = STATUS_STYLE[status];
  return (
    <Tag style={{ color: style.color, background: style.background, borderColor: style.border }}>
      {statusLabel(status)}
    </Tag>
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
  const history = config.scope === 'history';
  const scored = SCORED.includes(stage);
  const columns: TableColumnsType<SubmissionListRow> = [
    {
      title: stage === 'topic' ? '选题题目' : '论文题目',
      dataIndex: 'title',
      ellipsis: { showTitle: true },
      ...sortable('title'),
    },
    {
      title: '考生姓名',
      dataIndex: 'studentName',
      width: 110,
      render: (value: string, row) => (isBlind(row) ? <Blind /> : value),
    },
    {
      title: '准考证号',
      dataIndex: 'examNo',
      width: 150,
      render: (value: string, row) => (isBlind(row) ? <Blind /> : value || '—'),
    },
    { title: '专业', dataIndex: 'majorName', width: 120, ellipsis: true },
    { title: '批次', dataIndex: 'batchName', width: 170, ellipsis: true },
    { title: '版本', dataIndex: 'version', width: 80, render: (value: number) => versionLabel(value) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 104,
      render: (value: SubmissionListRow['status']) => <StatusTag status={value} />,
      ...sortable('status'),
    },
  ];
  if (history) {
    columns.push({
      title: '评阅结论',
      dataIndex: 'verdict',
      width: 96,
      render: (value: SubmissionListRow['verdict']) => (value ? VERDICT_LABELS[value] : '—'),
    });
  }
  if (scored) {
    columns.push({
      title: '成绩',
      dataIndex: 'score',
      width: 100,
      render: (value: number | null, row) => (value === null ? '—' : `${value}（${row.grade ?? ''}）`),
    });
  }
  columns.push({
    title: '提交时间',
    dataIndex: 'submittedAt',
    width: 150,
    render: (value: number) => formatDate(value, DATE_TIME),
    ...sortable('submittedAt'),
  });
  if (history) {
    columns.push({
      title: '最近更新',
      dataIndex: 'updatedAt',
      width: 150,
      render: (value: number) => formatDate(value, DATE_TIME),
      ...sortable('updatedAt'),
    });
  }
  columns.push({
    title: '操作',
    key: 'action',
    width: history ? 170 : 120,
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
