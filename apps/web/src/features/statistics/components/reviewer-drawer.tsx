import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STAGE_LABELS } from '@zikao/contract/review';
import {
  OUTCOME_LABELS,
  type ReviewerItem,
  type ReviewerItemKind,
  type StatisticsFilter,
} from '@zikao/contract/statistics';
import { Button, Table, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { SideDrawer } from '../../../shared/components/steady-dialogs.tsx';
import { ToneTag } from '../../../shared/components/tone-tag.tsx';
import { formatDateTime } from '../../../shared/utils/date.ts';
import { statisticsApi, statisticsKeys } from '../api/statistics-api.ts';
import { detailPathOf } from '../detail-paths.ts';
import { formatScore } from '../statistics-format.ts';

const OUTCOME_TONES = { pass: 'green', revise: 'orange', fail: 'red', awaiting: 'purple' } as const;

function ItemList({
  filter,
  reviewerId,
  kind,
}: {
  filter: StatisticsFilter;
  reviewerId: number;
  kind: ReviewerItemKind;
}) {
  const [page, setPage] = useState(1);
  const query = { ...filter, reviewerId, kind, page, pageSize: 10 };
  const items = useQuery({
    queryKey: statisticsKeys.items(query),
    queryFn: ({ signal }) => statisticsApi.items(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const columns: TableColumnsType<ReviewerItem> = [
    {
      title: '论文题目',
      dataIndex: 'title',
      render: (title: string, row) => <Link to={detailPathOf(row.stage, row.submissionId)}>{title}</Link>,
    },
    { title: '阶段', dataIndex: 'stage', width: 90, render: (stage: ReviewerItem['stage']) => STAGE_LABELS[stage] },
    { title: '专业', dataIndex: 'majorName', width: 120, responsive: ['md'] },
    {
      title: kind === 'pending' ? '送达时间' : '提交评阅时间',
      dataIndex: 'at',
      width: 170,
      render: (at: number) => formatDateTime(at),
    },
    ...(kind === 'reviewed'
      ? [
          {
            title: '结论',
            dataIndex: 'outcome',
            width: 110,
            render: (outcome: ReviewerItem['outcome'], row: ReviewerItem) =>
              outcome ? (
                <ToneTag tone={OUTCOME_TONES[outcome]}>
                  {OUTCOME_LABELS[outcome]}
                  {row.score !== null ? ` ${formatScore(row.score)}` : ''}
                </ToneTag>
              ) : null,
          },
        ]
      : []),
  ];
  if (items.isError)
    return <ErrorState subject="论文列表" error={items.error} variant="inline" onRetry={() => void items.refetch()} />;
  return (
    <Table<ReviewerItem>
      rowKey={(row) => `${row.submissionId}-${row.at}`}
      size="small"
      columns={columns}
      dataSource={items.data?.list ?? []}
      loading={items.isFetching}
      pagination={{
        current: page,
        pageSize: 10,
        total: items.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (total) => `共 ${total} 篇`,
      }}
      locale={{ emptyText: kind === 'pending' ? '所选范围内没有待评阅的论文' : '所选范围内没有提交的评阅' }}
    />
  );
}

/** One reviewer's papers under the page's filters (admins): what waits for them, and what they reviewed. */
export function ReviewerDrawer(props: {
  reviewer: { id: number; name: string; pending: number; reviewed: number } | null;
  filter: StatisticsFilter;
  onClose(): void;
  onShowFigures(reviewerId: number): void;
}) {
  const { reviewer } = props;
  return (
    <SideDrawer
      open={reviewer !== null}
      onClose={props.onClose}
      title={reviewer ? `${reviewer.name} 的论文` : ''}
      size="min(820px, 100vw)"
      destroyOnHidden
      extra={reviewer ? <Button onClick={() => props.onShowFigures(reviewer.id)}>只看该教师的统计</Button> : undefined}
    >
      {reviewer && (
        <Tabs
          items={[
            {
              key: 'pending',
              label: `待评阅（${reviewer.pending}）`,
              children: <ItemList filter={props.filter} reviewerId={reviewer.id} kind="pending" />,
            },
            {
              key: 'reviewed',
              label: `已评阅（${reviewer.reviewed}）`,
              children: <ItemList filter={props.filter} reviewerId={reviewer.id} kind="reviewed" />,
            },
          ]}
        />
      )}
    </SideDrawer>
  );
}
