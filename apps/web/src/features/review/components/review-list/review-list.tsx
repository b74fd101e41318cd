import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Stage, SubmissionListRow } from '@zikao/contract/review';
import { isSubmissionStatus } from '@zikao/contract/review';
import { Role } from '@zikao/contract/roles';
import { Badge, Button, Card, Empty, Grid, Skeleton, Space, Table, Tabs } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { submissionStatusLabel } from '../../../../shared/components/tone.ts';
import { isCancelled } from '../../../../shared/request/errors.ts';
import { CreateLinkDialog } from '../../../../shared/review-link/create-link-dialog.tsx';
import { openCheckPage } from '../../../../shared/review-link/open-check-page.ts';
import { useSessionStore } from '../../../../shared/stores/session-store.ts';
import { type ReviewListConfig, STAGE_LIST_PATH } from './list-configs.ts';
import { DEFAULT_LIST_STATE, isFiltered, type ListState, PAGE_SIZES, sortChange, toListRequest } from './list-query.ts';
import { reviewListApi } from './review-list-api.ts';
import { reviewListColumns, tableScrollX } from './review-list-columns.tsx';
import { ReviewListToolbar } from './review-list-toolbar.tsx';
import { tabStatuses, totalOf } from './status-display.ts';
import { useListUrlState } from './use-list-url-state.ts';
import './review-list.css';

function TabLabel({ label, count }: { label: string; count: number | undefined }) {
  return (
    <span className="review-list-tab">
      {label}
      <Badge count={count ?? 0} showZero overflowCount={9999} className="review-list-count" />
    </span>
  );
}

/**
 * A review list (seed section 2): status tabs with counts, search, filters on status, batch and
 * major, sortable columns, paging and the .xlsx export. Its state lives in the URL query.
 */
export function ReviewList({ config }: { config: ReviewListConfig }) {
  const [state, update] = useListUrlState(config.stages);
  const stage: Stage = state.stage ?? config.stages[0] ?? 'topic';
  const path = STAGE_LIST_PATH[stage];
  const request = useMemo(() => toListRequest(state, { scope: config.scope }), [state, config.scope]);
  const [exporting, setExporting] = useState(false);
  const isAdmin = useSessionStore((session) => session.userRole === Role.admin);
  const [linking, setLinking] = useState<SubmissionListRow | null>(null);
  // On a phone each row is a card (title, status, candidate, links), not a table to scroll sideways.
  const narrow = !Grid.useBreakpoint().sm;

  const list = useQuery({
    queryKey: ['review-list', path, request],
    queryFn: ({ signal }) => reviewListApi.list(path, request, signal),
    placeholderData: keepPreviousData,
    // Shown again after a review (the screen is kept alive), the list asks the server afresh.
    staleTime: 0,
  });
  const filterOptions = useQuery({
    queryKey: ['review-list-filters', stage, config.scope],
    queryFn: ({ signal }) => reviewListApi.filters(stage, config.scope, signal),
    staleTime: 5 * 60_000,
  });

  const data = list.data;
  // A page past the end (rows finished elsewhere, a stale link) moves back to the last page.
  useEffect(() => {
    if (!data || list.isPlaceholderData || data.list.length > 0 || data.total === 0 || state.page === 1) return;
    update({ page: Math.max(1, Math.ceil(data.total / state.pageSize)) });
  }, [data, list.isPlaceholderData, state.page, state.pageSize, update]);

  const exportList = async () => {
    setExporting(true);
    try {
      await reviewListApi.export(path, request);
    } catch (error) {
      // The request client has already said what went wrong.
      if (!isCancelled(error)) console.warn('export failed', error);
    } finally {
      setExporting(false);
    }
  };

  const filtered = isFiltered(state);
  const emptyText = list.isPending ? (
    <Skeleton active title={false} paragraph={{ rows: 6 }} className="review-list-skeleton" />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        filtered
          ? `没有符合条件的${config.subject}，请换个关键词或清除筛选条件。`
          : config.scope === 'history'
            ? `您还没有评阅过${config.subject}，提交评阅后会出现在这里。`
            : `暂无分配给您的${config.subject}，管理员分配后会显示在这里。`
      }
    >
      {filtered ? <Button onClick={() => update(resetChange)}>清除筛选</Button> : null}
    </Empty>
  );

  const columns = reviewListColumns(
    config,
    stage,
    state,
    isAdmin ? { onCreateLink: setLinking, onCheck: (row) => void openCheckPage(row.id) } : undefined,
    narrow,
  );
  const table: ReactNode = (
    <Table<SubmissionListRow>
      rowKey="id"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={!list.isPending && list.isFetching}
      scroll={narrow ? undefined : { x: tableScrollX(columns) }}
      locale={{ emptyText }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        update(sortChange(sorter.columnKey, sorter.order));
      }}
      pagination={{
        current: state.page,
        pageSize: state.pageSize,
        total: data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total) => `共 ${total} 条`,
        onChange: (page, pageSize) => update(pageSize !== state.pageSize ? { pageSize } : { page }),
      }}
    />
  );

  const counts = data?.counts;
  const activeTab = state.status ?? 'all';
  const tabItems = [
    { key: 'all', label: <TabLabel label="全部" count={counts ? totalOf(counts) : undefined} /> },
    ...tabStatuses(config.scope, counts, state.status).map((status) => ({
      key: status,
      label: <TabLabel label={submissionStatusLabel(status)} count={counts?.[status]} />,
    })),
  ].map((item) => ({ ...item, children: item.key === activeTab ? table : null }));

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isRefetching}>
            刷新
          </Button>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportList()}
            loading={exporting}
            disabled={!data?.total}
          >
            导出
          </Button>
        </Space>
      }
    >
      <Card variant="borderless">
        <ReviewListToolbar
          subject={config.subject}
          stages={config.stages}
          state={state}
          options={filterOptions.data}
          optionsLoading={filterOptions.isPending}
          onChange={update}
          onReset={() => update(resetChange)}
        />
      </Card>
      {list.error ? (
        <ErrorState
          variant="inline"
          subject={`${config.subject}列表`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      <Card variant="borderless" className="review-list-card">
        <Tabs
          activeKey={activeTab}
          onChange={(key) => update({ status: isSubmissionStatus(key) ? key : null })}
          items={tabItems}
        />
      </Card>
      {linking && (
        <CreateLinkDialog submission={{ id: linking.id, title: linking.title }} onClose={() => setLinking(null)} />
      )}
    </Page>
  );
}

/** Clears keyword and filters, keeping the page size, the sort and the stage. */
const resetChange: Partial<ListState> = {
  keyword: DEFAULT_LIST_STATE.keyword,
  status: null,
  batchId: null,
  major: '',
  page: 1,
};
