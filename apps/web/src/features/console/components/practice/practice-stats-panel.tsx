import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Statistic, Table, type TableColumnsType } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { consolePracticeApi, consolePracticeKeys } from './practice-api.ts';
import { type PointRow, pointRows } from './stats-model.ts';

// ECharts comes with this tab only.
const MissedPointsChart = lazy(() => import('./practice-charts.tsx').then((m) => ({ default: m.MissedPointsChart })));
const ScoreBandsChart = lazy(() => import('./practice-charts.tsx').then((m) => ({ default: m.ScoreBandsChart })));

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);
const one = (value: number | null) => (value === null ? '—' : String(Math.round(value * 10) / 10));

/** How markers fared on one revision: average and spread of the scores, and which points they miss most. */
export function PracticeStatsPanel({ thesisId }: { thesisId: number }) {
  const stats = useQuery({
    queryKey: consolePracticeKeys.stats(thesisId),
    queryFn: () => consolePracticeApi.stats(thesisId),
  });
  const rows = useMemo(() => (stats.data ? pointRows(stats.data.points, stats.data.submittedCount) : []), [stats.data]);
  if (stats.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (stats.isError) {
    return <ErrorState variant="inline" subject="练习统计" error={stats.error} onRetry={() => void stats.refetch()} />;
  }
  const data = stats.data;
  const figures = [
    { title: '提交次数', value: data.submittedCount },
    { title: '练习人数', value: data.markerCount },
    { title: '平均分', value: one(data.averageScore) },
    { title: '标准差', value: one(data.scoreStdDev) },
    { title: '中位数', value: one(data.medianScore) },
    { title: '最低 / 最高', value: `${one(data.minScore)} / ${one(data.maxScore)}` },
    { title: '平均精确率', value: percent(data.averagePrecision) },
    { title: '平均召回率', value: percent(data.averageRecall) },
  ];
  const columns: TableColumnsType<PointRow> = [
    { title: '参考要点', dataIndex: 'label', render: (_, row) => <span title={row.quote}>{row.label}</span> },
    { title: '专家意见', dataIndex: 'comment', responsive: ['lg'], render: (text: string) => text || '—' },
    { title: '找到', dataIndex: 'found', width: 70, align: 'right' },
    { title: '类别不同', dataIndex: 'partial', width: 90, align: 'right' },
    { title: '漏掉', dataIndex: 'missed', width: 70, align: 'right' },
    { title: '找到率', dataIndex: 'foundShare', width: 90, align: 'right', render: percent },
  ];
  const worst = rows[0];
  return (
    <div className="cp-stats" data-testid="practice-stats">
      <div className="cp-figures">
        {figures.map((figure) => (
          <Statistic key={figure.title} title={figure.title} value={figure.value} />
        ))}
      </div>
      {data.submittedCount === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有人提交这篇练习论文" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <Card size="small" title="得分分布" variant="outlined">
              <Suspense fallback={<Skeleton active />}>
                <ScoreBandsChart
                  bands={data.bands}
                  label={`得分分布：${data.bands.map((band) => `${band.label} 分 ${band.count} 次`).join('，')}`}
                />
              </Suspense>
            </Card>
          </Col>
          <Col xs={24} xl={15}>
            <Card size="small" title="最常漏掉的参考要点" variant="outlined">
              <Suspense fallback={<Skeleton active />}>
                <MissedPointsChart
                  rows={rows}
                  label={
                    worst
                      ? `最常漏掉的参考要点：${worst.label}，${data.submittedCount} 次提交中漏掉 ${worst.missed} 次`
                      : '没有参考要点'
                  }
                />
              </Suspense>
            </Card>
          </Col>
        </Row>
      )}
      <Table<PointRow>
        className="cp-points"
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        locale={{ emptyText: '没有参考要点' }}
      />
    </div>
  );
}
