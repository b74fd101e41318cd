import { ANNOTATION_CATEGORIES } from '@zikao/contract/annotation';
import type { PracticeCategoryResult } from '@zikao/contract/practice';
import { Table, type TableColumnsType } from 'antd';
import { formatPercent } from '../practice-format.ts';

const CATEGORY = Object.fromEntries(ANNOTATION_CATEGORIES.map((c) => [c.key, c]));

/** Found, missed and credit per category: where the marker is strong and where they miss. */
export function CategoryTable({ rows }: { rows: readonly PracticeCategoryResult[] }) {
  const shown = rows.filter((row) => row.referenceCount > 0 || row.annotationCount > 0);
  const columns: TableColumnsType<PracticeCategoryResult> = [
    {
      title: '类别',
      dataIndex: 'category',
      render: (key: PracticeCategoryResult['category']) => (
        <span className="pr-cat">
          <span className="pr-cat-dot" style={{ background: CATEGORY[key]?.color }} aria-hidden="true" />
          {CATEGORY[key]?.label ?? key}
        </span>
      ),
    },
    { title: '参考要点', dataIndex: 'referenceCount', align: 'right' },
    {
      title: '找到',
      children: [
        { title: '类别一致', dataIndex: 'found', align: 'right' },
        { title: '类别不同', dataIndex: 'partial', align: 'right' },
      ],
    },
    { title: '未找到', dataIndex: 'missed', align: 'right' },
    { title: '你的批注', dataIndex: 'annotationCount', align: 'right' },
    { title: '精确率', dataIndex: 'precision', align: 'right', render: (v: number | null) => formatPercent(v) },
    { title: '召回率', dataIndex: 'recall', align: 'right', render: (v: number | null) => formatPercent(v) },
  ];
  return (
    <Table<PracticeCategoryResult>
      rowKey="category"
      size="small"
      columns={columns}
      dataSource={shown}
      pagination={false}
      scroll={{ x: 560 }}
      data-testid="category-table"
      locale={{ emptyText: '没有参考要点，也没有批注' }}
    />
  );
}
