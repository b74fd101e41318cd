import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReviewerWorkload, StatisticsOptions } from '@zikao/contract/statistics';
import { Alert, Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { isCancelled } from '../../../shared/request/errors.ts';
import { statisticsApi, statisticsKeys } from '../api/statistics-api.ts';
import { type FilterState, filterOf, parseFilterSearch, periodOf, toFilterSearch } from '../filter-query.ts';
import { FilterBar } from './filter-bar.tsx';
import { ReviewerDrawer } from './reviewer-drawer.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { WorkloadTable } from './workload-table.tsx';
import '../statistics.css';

// ECharts comes with the charts alone, after the filters and cards have shown.
const StatisticsCharts = lazy(() => import('./statistics-charts.tsx'));

const ChartsLoading = () => (
  <Card variant="borderless" className="st-chart-card" aria-busy="true">
    <Skeleton active paragraph={{ rows: 8 }} />
  </Card>
);

/** 数据统计 (/data/index): the filters in the URL, the cards, the charts and, for admins, the workload table. */
export default function StatisticsScreen() {
  const options = useQuery({
    queryKey: statisticsKeys.options,
    queryFn: ({ signal }) => statisticsApi.options(signal),
    staleTime: 0,
  });
  if (options.isError) {
    return (
      <Page>
        <ErrorState subject="统计数据" error={options.error} onRetry={() => void options.refetch()} />
      </Page>
    );
  }
  if (!options.data) {
    return (
      <Page>
        <div aria-busy="true" className="st-loading">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
        <SummaryCards cards={undefined} comparing={false} />
        <ChartsLoading />
      </Page>
    );
  }
  return <StatisticsPage options={options.data} />;
}

function StatisticsPage({ options }: { options: StatisticsOptions }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => parseFilterSearch(location.search), [location.search]);
  const filter = useMemo(() => filterOf(state, options.today, options.everyone), [state, options]);
  const update = useCallback(
    (next: FilterState) => navigate({ pathname: location.pathname, search: toFilterSearch(next) }, { replace: true }),
    [navigate, location.pathname],
  );
  const [opened, setOpened] = useState<ReviewerWorkload | null>(null);
  const [exporting, setExporting] = useState(false);

  // Not cached: each visit and each filter asks the server, which answers from the live roll-up.
  const overview = useQuery({
    queryKey: statisticsKeys.overview(filter),
    queryFn: ({ signal }) => statisticsApi.overview(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const workload = useQuery({
    queryKey: statisticsKeys.workload(filter),
    queryFn: ({ signal }) => statisticsApi.workload(filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: options.everyone,
  });

  const exportFile = async () => {
    setExporting(true);
    try {
      await statisticsApi.export(filter);
    } catch (error) {
      // The request client has already said what went wrong.
      if (!isCancelled(error)) console.warn('export failed', error);
    } finally {
      setExporting(false);
    }
  };

  const data = overview.data;
  const period = periodOf(state, options.today);
  const empty = data !== undefined && (data.cards.reviewed.value ?? 0) === 0 && (data.cards.pending.value ?? 0) === 0;
  const whose = data?.reviewer
    ? options.everyone
      ? `评阅教师：${data.reviewer.name}`
      : `${data.reviewer.name}（本人）的评阅统计`
    : '全部评阅教师';
  const scope = [
    whose,
    period ? `${period.from} 至 ${period.to}` : '全部时间',
    data?.previous ? `对比上期 ${data.previous.from} 至 ${data.previous.to}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Page>
      <FilterBar
        options={options}
        state={state}
        onChange={update}
        onExport={() => void exportFile()}
        exporting={exporting}
      />
      <p className="st-scope" aria-live="polite" data-testid="statistics-scope">
        {scope}
        {overview.isFetching && data ? <span className="st-muted">（正在更新…）</span> : null}
      </p>
      {overview.isError ? (
        <ErrorState subject="统计数据" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <SummaryCards cards={data?.cards} comparing={data?.previous != null} />
          {!data ? (
            <ChartsLoading />
          ) : empty ? (
            <Card variant="borderless" className="st-chart-card">
              <Empty
                description={
                  options.everyone
                    ? '所选范围内没有评阅数据，请换个批次、阶段或时间范围。'
                    : '所选范围内您还没有评阅记录，提交评阅后会在这里统计。'
                }
              />
            </Card>
          ) : (
            <Suspense fallback={<ChartsLoading />}>
              <StatisticsCharts overview={data} />
            </Suspense>
          )}
          {options.everyone &&
            (workload.isError ? (
              <Alert type="error" showIcon title="评阅教师工作量加载失败" className="st-table-card" />
            ) : (
              <WorkloadTable rows={workload.data?.list} loading={workload.isFetching} onOpen={setOpened} />
            ))}
        </>
      )}
      {options.everyone && (
        <ReviewerDrawer
          reviewer={
            opened
              ? { id: opened.reviewerId, name: opened.name, pending: opened.pending, reviewed: opened.reviewed }
              : null
          }
          filter={filter}
          onClose={() => setOpened(null)}
          onShowFigures={(reviewerId) => {
            setOpened(null);
            update({ ...state, reviewerId });
          }}
        />
      )}
    </Page>
  );
}
