import { compareText } from '@zikao/contract/ordering';
import type { ReviewerWorkload } from '@zikao/contract/statistics';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { formatCount, formatDuration, formatPercent, formatScore } from '../statistics-format.ts';

const byNumber =
  (pick: (row: ReviewerWorkload) => number | null) =>
  (a: ReviewerWorkload, b: ReviewerWorkload): number =>
    (pick(a) ?? -1) - (pick(b) ?? -1);

/** 评阅教师工作量 (admins): sortable; a reviewer's name opens their papers. */
export function WorkloadTable(props: {
  rows: ReviewerWorkload[] | undefined;
  loading: boolean;
  onOpen(row: ReviewerWorkload): void;
}) {
  const columns: TableColumnsType<ReviewerWorkload> = [
    {
      title: '评阅教师',
      dataIndex: 'name',
      fixed: 'left',
      sorter: (a, b) => compareText(a.name, b.name),
      render: (name: string, row) => (
        <Button type="link" className="st-name-link" onClick={() => props.onOpen(row)}>
          {name}
        </Button>
      ),
    },
    {
      title: '已分配',
      dataIndex: 'assigned',
      align: 'right',
      defaultSortOrder: 'descend',
      sorter: byNumber((row) => row.assigned),
      render: formatCount,
    },
    {
      title: '已评阅',
      dataIndex: 'reviewed',
      align: 'right',
      sorter: byNumber((row) => row.reviewed),
      render: formatCount,
    },
    {
      title: '待评阅',
      dataIndex: 'pending',
      align: 'right',
      sorter: byNumber((row) => row.pending),
      render: formatCount,
    },
    {
      title: '用时中位数',
      dataIndex: 'medianTimeMs',
      align: 'right',
      sorter: byNumber((row) => row.medianTimeMs),
      render: formatDuration,
    },
    {
      title: '平均分',
      dataIndex: 'averageScore',
      align: 'right',
      sorter: byNumber((row) => row.averageScore),
      render: formatScore,
    },
    {
      title: '退回修改占比',
      dataIndex: 'returnedShare',
      align: 'right',
      sorter: byNumber((row) => row.returnedShare),
      render: formatPercent,
    },
  ];
  return (
    <Card
      variant="borderless"
      className="st-table-card"
      title={<h2 className="st-chart-title">评阅教师工作量</h2>}
      extra={<span className="st-muted">点击姓名查看其论文</span>}
    >
      <Table<ReviewerWorkload>
        rowKey="reviewerId"
        size="middle"
        columns={columns}
        dataSource={props.rows ?? []}
        loading={props.loading}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 760 }}
        showSorterTooltip={{ target: 'sorter-icon' }}
        locale={{ emptyText: props.loading ? ' ' : '所选范围内没有评阅教师的工作记录' }}
        data-testid="workload-table"
      />
    </Card>
  );
}
