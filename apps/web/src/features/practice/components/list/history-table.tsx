import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PracticeAttemptRow } from '@zikao/contract/practice';
import { Card, Empty, Grid, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { practiceApi, practiceKeys } from '../../api/practice-api.ts';
import { formatPercent, formatScore, formatSpent } from '../practice-format.ts';
import { HISTORY_START, type HistoryState, historySortOrder, nextHistoryState } from './history-query.ts';

/** The caller's submitted attempts: date, thesis, score, precision, recall, time spent; paged and sortable. */
export function HistoryTable() {
  const [state, setState] = useState<HistoryState>(HISTORY_START);
  const [keyword, setKeyword] = useState('');
  // On a phone the ratios and the time go under the title, so the row needs no sideways scroll.
  const narrow = !Grid.useBreakpoint().sm;
  const history = useQuery({
    queryKey: practiceKeys.history(state),
    queryFn: ({ signal }) => practiceApi.history(state, signal),
    placeholderData: keepPreviousData,
  });
  const searchFor = (text: string) => setState({ ...state, page: 1, keyword: text.trim() || undefined });

  const sorted = (key: string) => ({ key, sorter: true, sortOrder: historySortOrder(state, key) });
  const columns: TableColumnsType<PracticeAttemptRow> = [
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      width: narrow ? 96 : 150,
      ...sorted('submittedAt'),
      render: (value: number) => (
        <span className={narrow ? undefined : 'pr-nowrap'}>{formatDate(value, 'YYYY-MM-DD HH:mm')}</span>
      ),
    },
    {
      title: '练习论文',
      dataIndex: 'thesisTitle',
      render: (title: string, row) => (
        <>
          <Link to={`/annotate/practice/detail/${row.id}`} title="查看结果">
            {title}
            {row.revision > 1 && <span className="pr-muted">（第 {row.revision} 版）</span>}
          </Link>
          {narrow && (
            <div className="pr-muted pr-history-narrow">
              精确率 {formatPercent(row.precision)} · 召回率 {formatPercent(row.recall)} · 用时{' '}
              {formatSpent(row.timeSpentMs)}
            </div>
          )}
        </>
      ),
    },
    {
      title: '得分',
      dataIndex: 'score',
      width: 80,
      align: 'right',
      ...sorted('score'),
      render: (score: number) => <strong>{formatScore(score)}</strong>,
    },
    {
      title: '精确率',
      dataIndex: 'precision',
      width: 96,
      hidden: narrow,
      align: 'right',
      ...sorted('precision'),
      render: (value: number) => formatPercent(value),
    },
    {
      title: '召回率',
      dataIndex: 'recall',
      width: 96,
      hidden: narrow,
      align: 'right',
      ...sorted('recall'),
      render: (value: number) => formatPercent(value),
    },
    {
      title: '用时',
      dataIndex: 'timeSpentMs',
      width: 120,
      hidden: narrow,
      align: 'right',
      ...sorted('timeSpentMs'),
      render: (value: number) => <span className="pr-nowrap">{formatSpent(value)}</span>,
    },
  ];

  return (
    <Card
      title="提交记录"
      variant="borderless"
      className="pr-card"
      extra={
        <Input.Search
          allowClear
          aria-label="按论文标题搜索提交记录"
          placeholder="搜索论文标题"
          enterButton={<SearchOutlined aria-label="搜索" />}
          value={keyword}
          onChange={(event) => {
            setKeyword(event.target.value);
            if (!event.target.value) searchFor('');
          }}
          onSearch={searchFor}
          style={{ width: 220 }}
        />
      }
    >
      {history.isError && (
        <ErrorState variant="inline" subject="提交记录" error={history.error} onRetry={() => void history.refetch()} />
      )}
      <Table<PracticeAttemptRow>
        rowKey="id"
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isFetching && !history.data}
        scroll={narrow ? undefined : { x: 720 }}
        data-testid="practice-history"
        onChange={(pagination, _filters, sorter) =>
          setState(nextHistoryState(state, pagination, Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter))
        }
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={state.keyword ? '没有符合条件的提交记录' : '还没有提交记录：选一篇练习论文开始批注'}
            />
          ),
        }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total: history.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 次`,
        }}
      />
    </Card>
  );
}
