import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsolePracticeAttemptsQuery, PracticeAttemptRow, PracticeHistorySort } from '@zikao/contract/practice';
import { Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { emptyText } from '../shared/list-parts.tsx';
import { listPagination, sortOrderOf, tableChangeQuery } from '../shared/list-query.ts';
import { consolePracticeApi, consolePracticeKeys } from './practice-api.ts';

interface AttemptsState extends ConsolePracticeAttemptsQuery {
  page: number;
  pageSize: number;
  sort: PracticeHistorySort;
  order: 'asc' | 'desc';
}

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

function spent(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 1 ? '不到 1 分钟' : `${minutes} 分钟`;
}

/** Everyone's submitted attempts on one revision; each opens its result. */
export function PracticeAttemptsPanel({ thesisId }: { thesisId: number }) {
  const [query, setQuery] = useState<AttemptsState>({
    id: thesisId,
    page: 1,
    pageSize: 20,
    sort: 'submittedAt',
    order: 'desc',
  });
  const attempts = useQuery({
    queryKey: consolePracticeKeys.attempts(query),
    queryFn: ({ signal }) => consolePracticeApi.attempts(query, signal),
    placeholderData: keepPreviousData,
  });
  const sorted = (key: PracticeHistorySort) => ({ sorter: true, sortOrder: sortOrderOf(query, key) });
  const columns: TableColumnsType<PracticeAttemptRow> = [
    { title: '练习者', dataIndex: 'userName', width: 120 },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      key: 'submittedAt',
      width: 160,
      ...sorted('submittedAt'),
      render: (value: number) => formatDate(value, 'YYYY-MM-DD HH:mm'),
    },
    { title: '得分', dataIndex: 'score', key: 'score', width: 80, align: 'right', ...sorted('score') },
    {
      title: '精确率',
      dataIndex: 'precision',
      key: 'precision',
      width: 90,
      align: 'right',
      ...sorted('precision'),
      render: percent,
    },
    {
      title: '召回率',
      dataIndex: 'recall',
      key: 'recall',
      width: 90,
      align: 'right',
      ...sorted('recall'),
      render: percent,
    },
    {
      title: '批注',
      key: 'annotations',
      width: 90,
      align: 'right',
      render: (_, row) => `${row.annotationCount} 条`,
    },
    {
      title: '用时',
      dataIndex: 'timeSpentMs',
      key: 'timeSpent',
      width: 110,
      align: 'right',
      ...sorted('timeSpent'),
      render: spent,
    },
    {
      title: '操作',
      key: 'action',
      width: 100,
      render: (_, row) => (
        <Link to={`/annotate/practice/detail/${row.id}`} aria-label={`查看${row.userName}的练习结果`}>
          查看结果
        </Link>
      ),
    },
  ];
  return (
    <div>
      <Input.Search
        className="cp-attempt-search"
        allowClear
        aria-label="按练习者姓名搜索"
        placeholder="搜索练习者姓名"
        enterButton={<SearchOutlined aria-label="搜索" />}
        onSearch={(text) => setQuery({ ...query, page: 1, keyword: text.trim() || undefined })}
        style={{ maxWidth: 260 }}
      />
      {attempts.isError && (
        <ErrorState
          variant="inline"
          subject="练习记录"
          error={attempts.error}
          onRetry={() => void attempts.refetch()}
        />
      )}
      <Table<PracticeAttemptRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={attempts.data?.list ?? []}
        loading={attempts.isFetching && !attempts.data}
        scroll={{ x: 840 }}
        onChange={(pagination, _filters, sorter) => {
          // Sorted by the column's key, which names the server's sort (time spent: timeSpent).
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setQuery(tableChangeQuery(query, pagination, { field: one?.columnKey, order: one?.order }, 'submittedAt'));
        }}
        locale={{ emptyText: emptyText(query.keyword ? '没有符合条件的练习记录' : '还没有人提交这篇练习论文') }}
        pagination={listPagination(query, attempts.data?.total, '次')}
      />
    </div>
  );
}
