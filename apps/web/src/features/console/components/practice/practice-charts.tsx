import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  type GridComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mostMissed, type PointRow } from './stats-model.ts';

// Only the bar chart: this chunk loads with the statistics tab alone.
use([BarChart, GridComponent, TooltipComponent, SVGRenderer]);

type BarOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption>;

/** A chart in the returned element, drawn with the option built for its width. */
function useChart(build: (width: number) => BarOption) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = init(element, null, { renderer: 'svg' });
    chart.current = instance;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => {
      instance.resize();
      setWidth(element.clientWidth);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  const option = useMemo(() => build(width), [build, width]);
  useEffect(() => {
    if (width > 0) chart.current?.setOption(option, true);
  }, [option, width]);
  return ref;
}

const AXIS = { color: '#475569', fontSize: 12 };

/** The most missed reference points: the share of attempts that missed each (red), found it (green). */
export function MissedPointsChart({ rows, label }: { rows: readonly PointRow[]; label: string }) {
  const build = useCallback(
    (width: number): BarOption => {
      const shown = mostMissed(rows);
      // The labels take at most two fifths of the chart: on a phone the bars keep their room.
      const labelWidth = Math.max(90, Math.min(220, Math.round(width * 0.4)));
      const total = (row: PointRow) => row.found + row.partial + row.missed || 1;
      return {
        animation: false,
        grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
        tooltip: {
          trigger: 'axis',
          axisPointer: { type: 'shadow' },
          formatter: (params) => {
            const list = Array.isArray(params) ? params : [params];
            const row = shown[list[0]?.dataIndex ?? 0];
            if (!row) return '';
            return `${row.label}<br/>漏掉 ${row.missed} 次 · 找到 ${row.found} 次 · 类别不同 ${row.partial} 次`;
          },
        },
        xAxis: {
          type: 'value',
          max: 100,
          splitNumber: width < 480 ? 2 : 5,
          axisLabel: { ...AXIS, formatter: '{value}%' },
        },
        yAxis: {
          type: 'category',
          data: shown.map((row) => (width < 480 ? row.quote : row.label)),
          axisLabel: { ...AXIS, width: labelWidth, overflow: 'truncate' },
        },
        series: [
          {
            name: '漏掉',
            type: 'bar',
            stack: 'share',
            itemStyle: { color: '#a8071a' },
            data: shown.map((row) => Math.round((row.missed / total(row)) * 1000) / 10),
          },
          {
            name: '类别不同',
            type: 'bar',
            stack: 'share',
            itemStyle: { color: '#95de64' },
            data: shown.map((row) => Math.round((row.partial / total(row)) * 1000) / 10),
          },
          {
            name: '找到',
            type: 'bar',
            stack: 'share',
            itemStyle: { color: '#237804' },
            data: shown.map((row) => Math.round((row.found / total(row)) * 1000) / 10),
          },
        ],
      };
    },
    [rows],
  );
  const ref = useChart(build);
  const count = Math.min(rows.length, 10);
  return (
    <>
      <ul className="cp-chart-legend" aria-hidden="true">
        <li>
          <span style={{ background: '#a8071a' }} />
          漏掉
        </li>
        <li>
          <span style={{ background: '#95de64' }} />
          找到但类别不同
        </li>
        <li>
          <span style={{ background: '#237804' }} />
          找到
        </li>
      </ul>
      <div
        ref={ref}
        className="cp-chart"
        style={{ height: Math.max(160, count * 34 + 40) }}
        role="img"
        aria-label={label}
        data-testid="missed-points-chart"
      />
    </>
  );
}

/** How the scores spread: attempts per band (0–59, 60–69, …). */
export function ScoreBandsChart({
  bands,
  label,
}: {
  bands: ReadonlyArray<{ label: string; count: number }>;
  label: string;
}) {
  const build = useCallback(
    (): BarOption => ({
      animation: false,
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'category', data: bands.map((band) => band.label), axisLabel: AXIS },
      yAxis: { type: 'value', minInterval: 1, axisLabel: AXIS },
      series: [
        {
          name: '提交次数',
          type: 'bar',
          barMaxWidth: 36,
          itemStyle: { color: '#1677ff' },
          label: { show: true, position: 'top', color: '#334155' },
          data: bands.map((band) => band.count),
        },
      ],
    }),
    [bands],
  );
  const ref = useChart(build);
  return <div ref={ref} className="cp-chart" style={{ height: 200 }} role="img" aria-label={label} />;
}
