import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import type { StatisticsCards, StatisticsFigure } from '@zikao/contract/statistics';
import { Card, Skeleton, Statistic } from 'antd';
import {
  describeChange,
  type FigureKind,
  formatCount,
  formatDuration,
  formatPercent,
  formatScore,
} from '../statistics-format.ts';

const CARDS: Array<{ key: keyof StatisticsCards; title: string; kind: FigureKind; hint: string }> = [
  { key: 'pending', title: '待评阅', kind: 'count', hint: '期内送达、尚未提交评阅的论文' },
  { key: 'reviewed', title: '已评阅', kind: 'count', hint: '期内提交的评阅，含待复核' },
  { key: 'passRate', title: '通过率', kind: 'rate', hint: '已出结论中评为通过的比例' },
  { key: 'averageScore', title: '平均分', kind: 'score', hint: '定稿与复试已出结论的成绩' },
  { key: 'medianTimeMs', title: '评阅用时中位数', kind: 'duration', hint: '每份评阅的用时，取中位数' },
];

function shownValue(figure: StatisticsFigure, kind: FigureKind): string {
  switch (kind) {
    case 'count':
      return formatCount(figure.value);
    case 'rate':
      return formatPercent(figure.value);
    case 'score':
      return formatScore(figure.value);
    case 'duration':
      return formatDuration(figure.value);
  }
}

const ICONS = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, same: <MinusOutlined /> };

/** The five figures of the period, each against the previous period of the same length. */
export function SummaryCards({ cards, comparing }: { cards: StatisticsCards | undefined; comparing: boolean }) {
  return (
    <div className="st-cards">
      {CARDS.map(({ key, title, kind, hint }) => {
        const figure = cards?.[key];
        const change = figure ? describeChange(figure, kind) : null;
        return (
          <Card key={key} variant="borderless" className="st-card" data-testid={`card-${key}`}>
            {figure ? (
              <>
                <Statistic title={<span title={hint}>{title}</span>} value={shownValue(figure, kind)} />
                <div className={`st-change st-change-${change?.direction ?? 'none'}`}>
                  {change ? (
                    <>
                      {ICONS[change.direction]} {change.text}
                    </>
                  ) : comparing ? (
                    `上期 ${shownValue({ value: figure.previous, previous: null }, kind)}`
                  ) : (
                    '全部时间，无上期对比'
                  )}
                </div>
              </>
            ) : (
              <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 1, width: '70%' }} />
            )}
          </Card>
        );
      })}
    </div>
  );
}
