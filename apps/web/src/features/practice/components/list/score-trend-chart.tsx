import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  MarkLineComponent,
  type MarkLineComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { TrendPoint } from './trend-model.ts';

// Only what the small trend draws: this chunk loads with the practice list alone.
use([LineChart, GridComponent, TooltipComponent, MarkLineComponent, SVGRenderer]);

type TrendOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption
>;

function optionOf(points: readonly TrendPoint[]): TrendOption {
  return {
    animation: false,
    grid: { left: 32, right: 12, top: 12, bottom: 22 },
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const point = points[first?.dataIndex ?? 0];
        return point ? `${point.detail}<br/>得分 <b>${point.score}</b>` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: points.map((p) => p.label),
      boundaryGap: false,
      axisLabel: { color: '#595959', fontSize: 11 },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisTick: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max: 100,
      interval: 50,
      axisLabel: { color: '#595959', fontSize: 11 },
      splitLine: { lineStyle: { color: '#f0f0f0' } },
    },
    series: [
      {
        type: 'line',
        data: points.map((p) => p.score),
        smooth: true,
        symbolSize: 6,
        lineStyle: { color: '#1677ff', width: 2 },
        itemStyle: { color: '#1677ff' },
        areaStyle: { color: 'rgba(22, 119, 255, 0.08)' },
        markLine: {
          silent: true,
          symbol: 'none',
          label: { show: false },
          lineStyle: { color: '#389e0d', type: 'dashed' },
          data: [{ yAxis: 60 }],
        },
      },
    ],
  };
}

/** The small ECharts line of an account's practice scores (SVG, tree-shaken modules). */
export default function ScoreTrendChart({ points, label }: { points: readonly TrendPoint[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = init(element, null, { renderer: 'svg' });
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
    chart.current?.setOption(optionOf(points), true);
  }, [points]);

  return <div ref={ref} className="pr-trend-chart" role="img" aria-label={label} data-testid="score-trend" />;
}
