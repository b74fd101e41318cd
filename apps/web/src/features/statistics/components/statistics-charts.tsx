import { STAGE_LABELS } from '@zikao/contract/review';
import type { StatisticsOverview } from '@zikao/contract/statistics';
import { Card, Col, Empty, Row } from 'antd';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import { type EChartsType, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { formatCount, formatPercent, formatTrendDate } from '../statistics-format.ts';
import {
  type ChartOption,
  majorOption,
  plagiarismOption,
  scoreOption,
  shownScoreBins,
  stageOption,
  trendOption,
} from './chart-options.ts';

// Only what these charts draw, on canvas: this chunk loads with 数据统计 alone.
use([BarChart, GridComponent, LegendComponent, TooltipComponent, MarkAreaComponent, CanvasRenderer]);

/** An ECharts chart in a box of its own height, redrawn when the box or the option changes. */
function Chart({
  option,
  height,
  label,
  testId,
}: {
  option: ChartOption;
  height: number;
  label: string;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // 'ZH': ECharts' own words (the toolbox, the data view) are Chinese too.
    const instance = init(element, null, { renderer: 'canvas', locale: 'ZH' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return <div ref={ref} className="st-chart" style={{ height }} role="img" aria-label={label} data-testid={testId} />;
}

function ChartCard(props: { title: string; extra?: string; empty: string | null; children: ReactNode }) {
  return (
    <Card
      variant="borderless"
      className="st-chart-card"
      title={<h2 className="st-chart-title">{props.title}</h2>}
      extra={props.extra ? <span className="st-muted">{props.extra}</span> : undefined}
    >
      {props.empty ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} /> : props.children}
    </Card>
  );
}

/** Whether the window is narrow (a phone): labels turn and charts shorten. */
function useCompact(): boolean {
  const [compact, setCompact] = useState(() => window.matchMedia('(max-width: 767px)').matches);
  useEffect(() => {
    const query = window.matchMedia('(max-width: 767px)');
    const change = () => setCompact(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return compact;
}

/** The five charts of 数据统计: trend, verdicts per stage, scores, pass rate by major, plagiarism rates. */
export default function StatisticsCharts({ overview }: { overview: StatisticsOverview }) {
  const compact = useCompact();
  const { trend, byStage, scores, byMajor, plagiarism } = overview;
  const reviewed = overview.cards.reviewed.value ?? 0;
  const options = useMemo(
    () => ({
      trend: trendOption(trend, compact),
      stage: stageOption(byStage),
      score: scoreOption(scores),
      major: majorOption(byMajor),
      plagiarism: plagiarismOption(plagiarism),
    }),
    [trend, byStage, scores, byMajor, plagiarism, compact],
  );

  const busiest = trend.points.reduce(
    (best, point) => (point.reviewed > (best?.reviewed ?? -1) ? point : best),
    trend.points[0],
  );
  const unit = trend.unit === 'day' ? '按日' : '按月';
  const trendLabel = `评阅量趋势，${unit}，共 ${trend.points.length} 个${trend.unit === 'day' ? '日' : '月'}，合计 ${formatCount(reviewed)} 篇${
    busiest && busiest.reviewed > 0
      ? `，最多为${formatTrendDate(busiest.date)} ${formatCount(busiest.reviewed)} 篇`
      : ''
  }`;
  const stageLabel = `各阶段评阅结论：${byStage
    .filter((row) => row.reviewed > 0)
    .map((row) => `${STAGE_LABELS[row.stage]} ${formatCount(row.reviewed)} 篇，通过 ${formatCount(row.passed)} 篇`)
    .join('；')}`;
  const shownBins = shownScoreBins(scores);
  const scoreLabel = `成绩分布，共 ${formatCount(scores.total)} 篇：${shownBins
    .filter((bin) => bin.count > 0)
    .map((bin) => `${bin.from} 分起 ${bin.count} 篇`)
    .join('，')}`;
  const majorLabel = `各专业通过率：${byMajor.map((row) => `${row.major} ${formatPercent(row.passRate)}`).join('，')}`;
  const overShare = plagiarism.total > 0 ? plagiarism.overThreshold / plagiarism.total : null;
  const plagiarismExtra =
    plagiarism.total > 0
      ? `超过阈值 ${formatCount(plagiarism.overThreshold)} 篇（${formatPercent(overShare)}）`
      : undefined;
  const thresholdText =
    plagiarism.threshold !== null
      ? `阈值 ${plagiarism.threshold}%`
      : `各批次阈值不同（${plagiarism.thresholds.map((t) => `${t.batchName} ${t.threshold}%`).join('，')}），请选择批次`;

  return (
    <Row gutter={[16, 16]} className="st-charts">
      <Col xs={24} xl={16}>
        <ChartCard title="评阅量趋势" extra={unit} empty={reviewed === 0 ? '所选范围内没有提交的评阅' : null}>
          <Chart option={options.trend} height={compact ? 260 : 320} label={trendLabel} testId="chart-trend" />
        </ChartCard>
      </Col>
      <Col xs={24} xl={8}>
        <ChartCard title="各阶段评阅结论" empty={reviewed === 0 ? '所选范围内没有评阅结论' : null}>
          <Chart option={options.stage} height={compact ? 260 : 320} label={stageLabel} testId="chart-stages" />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard
          title="成绩分布"
          extra={scores.total > 0 ? `定稿与复试 ${formatCount(scores.total)} 篇` : undefined}
          empty={scores.total === 0 ? '所选范围内没有定稿或复试的成绩' : null}
        >
          <Chart option={options.score} height={300} label={scoreLabel} testId="chart-scores" />
        </ChartCard>
      </Col>
      <Col xs={24} xl={12}>
        <ChartCard title="各专业通过率" empty={byMajor.length === 0 ? '所选范围内没有评阅结论' : null}>
          <Chart
            option={options.major}
            height={Math.max(220, 40 + byMajor.length * 30)}
            label={majorLabel}
            testId="chart-majors"
          />
        </ChartCard>
      </Col>
      <Col xs={24}>
        <ChartCard
          title="查重率分布"
          extra={plagiarismExtra}
          empty={plagiarism.total === 0 ? '所选范围内没有填写查重率的评阅' : null}
        >
          <p className="st-muted st-chart-note">{thresholdText}；红色为超过阈值的区间。</p>
          <Chart
            option={options.plagiarism}
            height={280}
            label={`查重率分布，共 ${formatCount(plagiarism.total)} 篇，${thresholdText}，${plagiarismExtra ?? ''}`}
            testId="chart-plagiarism"
          />
        </ChartCard>
      </Col>
    </Row>
  );
}
