import { parseBatchRules, Role, STAGE_LABELS } from '@zikao/contract';
import { compareText } from '@zikao/contract/ordering';
import {
  dayNumberOf,
  dayOfIsoDate,
  isoDateOf,
  type ReviewerWorkload,
  type StatisticsFilter,
  type StatisticsOptions,
  type StatisticsOverview,
  type StatisticsReviewerItems,
  type StatisticsReviewerItemsQuery,
  type StatisticsWorkload,
  TREND_DAILY_MAX_DAYS,
} from '@zikao/contract/statistics';
import { forbidden, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { ReviewerItemsRepository } from './reviewer-items.repository.ts';
import type { Dimensions, StatisticsRepository } from './statistics.repository.ts';
import { type FilterLabels, statisticsWorkbook } from './statistics-export.ts';
import {
  averageScoreOf,
  decidedOf,
  majorRows,
  passRateOf,
  plagiarismBins,
  ratio,
  scoreBins,
  stageRows,
  trendPoints,
} from './statistics-figures.ts';
import { MEASURES, type Measures, OUTCOME_MEASURES, WORKLOAD_MEASURES, zeroMeasures } from './statistics-measures.ts';
import { type DayRange, dailyParts, periodParts } from './statistics-period.ts';

/** Majors in the pass-rate chart; the rest are left out (exam boards have some dozens). */
const MAJOR_LIMIT = 40;

/** Whose figures a call reads, and under which filters. */
interface Scope {
  reviewer: { id: number; name: string } | null;
  days: DayRange | null;
  dims: Dimensions;
}

const totalOf = (sums: Map<string, Measures>) => sums.get('0') ?? zeroMeasures();

/**
 * 数据统计 (issue 16, adr/014): the cards, charts and workload table under the filters. A reviewer
 * reads their own figures only (naming another reviewer is refused); an admin everyone's, or one
 * reviewer's. Each figure is read from the roll-up and the facts that the review service keeps
 * exact in the transaction of every submit, reopen and check.
 */
export class StatisticsService {
  private readonly repository: StatisticsRepository;
  private readonly items: ReviewerItemsRepository;
  private readonly now: () => number;

  constructor(deps: { repository: StatisticsRepository; items: ReviewerItemsRepository; now?: () => number }) {
    this.repository = deps.repository;
    this.items = deps.items;
    this.now = deps.now ?? Date.now;
  }

  async overview(user: SessionUser, filter: StatisticsFilter): Promise<StatisticsOverview> {
    const scope = await this.scope(user, filter);
    const { days, dims } = scope;
    const whose = scope.reviewer?.id ?? null;
    const previousDays = days ? { from: 2 * days.from - days.to - 1, to: days.from - 1 } : null;
    const parts = periodParts(days, whose);
    const daily = days !== null && days.to - days.from + 1 <= TREND_DAILY_MAX_DAYS;

    const [totals, previousTotals, trend, byStage, byMajor, byBatch, pending, previousPending, batches] =
      await Promise.all([
        this.repository.sums(parts, dims, 'none', MEASURES).then(totalOf),
        previousDays
          ? this.repository.sums(periodParts(previousDays, whose), dims, 'none', WORKLOAD_MEASURES).then(totalOf)
          : null,
        this.repository.sums(daily && days ? dailyParts(days, whose) : parts, dims, 'bucket', OUTCOME_MEASURES),
        this.repository.sums(parts, dims, 'stage', OUTCOME_MEASURES),
        this.repository.sums(parts, dims, 'major', ['passed', 'revised', 'failed']),
        this.repository.sums(parts, dims, 'batch', ['rated']),
        this.repository.pending(whose, days, dims, false),
        previousDays ? this.repository.pending(whose, previousDays, dims, false) : null,
        this.repository.batches(),
      ]);
    const [median, previousMedian] = await Promise.all([
      this.repository.medianTime(whose, days, dims, totals),
      previousDays && previousTotals ? this.repository.medianTime(whose, previousDays, dims, previousTotals) : null,
    ]);

    const thresholdOf = new Map(batches.map((b) => [b.id, parseBatchRules(b.rules_json).plagiarismThreshold]));
    const nameOf = new Map(batches.map((b) => [b.id, b.name]));
    const rated = [...byBatch.entries()]
      .filter(([, m]) => m.rated > 0)
      .map(([id]) => Number(id))
      .filter((id) => thresholdOf.has(id));
    const over = await Promise.all(
      rated.map((batchId) => this.repository.overThreshold(batchId, thresholdOf.get(batchId) ?? 30, whose, days, dims)),
    );
    const shown = dims.batchId !== undefined ? [dims.batchId] : rated;
    const distinct = new Set(shown.map((id) => thresholdOf.get(id)).filter((t) => t !== undefined));

    const count = (map: Map<number, number> | null) => (map ? [...map.values()].reduce((a, b) => a + b, 0) : null);
    return {
      reviewer: scope.reviewer,
      period: days ? { from: isoDateOf(days.from), to: isoDateOf(days.to), days: days.to - days.from + 1 } : null,
      previous: previousDays ? { from: isoDateOf(previousDays.from), to: isoDateOf(previousDays.to) } : null,
      cards: {
        pending: { value: count(pending), previous: count(previousPending) },
        reviewed: { value: totals.reviewed, previous: previousTotals?.reviewed ?? null },
        passRate: { value: passRateOf(totals), previous: previousTotals ? passRateOf(previousTotals) : null },
        averageScore: {
          value: averageScoreOf(totals),
          previous: previousTotals ? averageScoreOf(previousTotals) : null,
        },
        medianTimeMs: {
          value: median === null ? null : Math.round(median),
          previous: previousMedian === null ? null : Math.round(previousMedian),
        },
      },
      trend: { unit: daily ? 'day' : 'month', points: trendPoints(trend, daily ? 'day' : 'month', days) },
      byStage: stageRows(byStage),
      scores: scoreBins(totals),
      byMajor: majorRows(byMajor, MAJOR_LIMIT),
      plagiarism: {
        bins: plagiarismBins(totals),
        total: totals.rated,
        overThreshold: over.reduce((a, b) => a + b, 0),
        threshold: distinct.size === 1 ? ([...distinct][0] ?? null) : null,
        thresholds: shown.map((batchId) => ({
          batchId,
          batchName: nameOf.get(batchId) ?? '',
          threshold: thresholdOf.get(batchId) ?? 30,
        })),
      },
    };
  }

  /** The .xlsx of the page: the filters and cards, one sheet per chart, and the workload table for admins. */
  async exportFile(user: SessionUser, filter: StatisticsFilter): Promise<{ fileName: string; body: Buffer }> {
    const everyone = user.role === Role.admin;
    const [overview, workload, batches] = await Promise.all([
      this.overview(user, filter),
      everyone ? this.workload(user, filter) : null,
      this.repository.batches(),
    ]);
    const labels: FilterLabels = {
      batch: batches.find((b) => b.id === filter.batchId)?.name ?? '全部批次',
      stage: filter.stage ? STAGE_LABELS[filter.stage] : '全部阶段',
      period: overview.period ? `${overview.period.from} 至 ${overview.period.to}` : '全部时间',
      reviewer: overview.reviewer?.name ?? '全部评阅教师',
      major: filter.major ?? '全部专业',
    };
    return statisticsWorkbook(overview, workload, labels, this.now());
  }

  /** The per-reviewer table (admins): everyone with reviews or papers waiting under the filters. */
  async workload(user: SessionUser, filter: StatisticsFilter): Promise<StatisticsWorkload> {
    const scope = await this.scope(user, filter);
    const { days, dims } = scope;
    const only = scope.reviewer?.id ?? null;
    const [sums, pending] = await Promise.all([
      only === null
        ? this.repository.sums(periodParts(days, 'each'), dims, 'reviewer', WORKLOAD_MEASURES)
        : this.repository
            .sums(periodParts(days, only), dims, 'none', WORKLOAD_MEASURES)
            .then((one) => new Map([[String(only), totalOf(one)]])),
      this.repository.pending(only, days, dims, true),
    ]);
    const ids = new Set<number>();
    for (const [id, m] of sums) if (m.reviewed > 0) ids.add(Number(id));
    for (const [id, n] of pending) if (n > 0 && id > 0) ids.add(id);
    if (only !== null) for (const id of [...ids]) if (id !== only) ids.delete(id);
    const reviewers = [...ids];
    const [names, medians] = await Promise.all([
      this.repository.names(reviewers),
      this.repository.medianTimes(
        reviewers.map((id) => ({ reviewer: id, sums: sums.get(String(id)) ?? zeroMeasures() })),
        days,
        dims,
      ),
    ]);
    const list = reviewers.map((id, i): ReviewerWorkload => {
      const m = sums.get(String(id)) ?? zeroMeasures();
      const waiting = pending.get(id) ?? 0;
      const median = medians[i] ?? null;
      return {
        reviewerId: id,
        name: names.get(id) ?? `#${id}`,
        assigned: m.reviewed + waiting,
        reviewed: m.reviewed,
        pending: waiting,
        medianTimeMs: median === null ? null : Math.round(median),
        averageScore: averageScoreOf(m),
        returnedShare: ratio(m.revised, decidedOf(m)),
      };
    });
    list.sort((a, b) => b.assigned - a.assigned || compareText(a.name, b.name));
    return { list };
  }

  async reviewerItems(user: SessionUser, query: StatisticsReviewerItemsQuery): Promise<StatisticsReviewerItems> {
    const scope = await this.scope(user, query);
    const reviewerId = scope.reviewer?.id ?? query.reviewerId;
    const read = query.kind === 'pending' ? this.items.pending : this.items.reviewed;
    const { list, total } = await read.call(this.items, reviewerId, scope.days, scope.dims, query.page, query.pageSize);
    return { list, total, page: query.page, pageSize: query.pageSize };
  }

  async options(user: SessionUser): Promise<StatisticsOptions> {
    const everyone = user.role === Role.admin;
    const today = dayNumberOf(this.now());
    const [batches, reviewDays, reviewers, majors] = await Promise.all([
      this.repository.batches(),
      this.repository.batchReviewDays(),
      everyone ? this.repository.reviewers() : [],
      everyone ? this.repository.majors() : [],
    ]);
    return {
      today: isoDateOf(today),
      everyone,
      self: { id: user.id, name: user.name },
      batches: batches.map((batch) => {
        const rules = parseBatchRules(batch.rules_json);
        const reviewed = reviewDays.get(batch.id);
        const starts = [dayNumberOf(Number(batch.created_at))];
        const ends: number[] = [];
        if (reviewed) starts.push(reviewed.from);
        if (reviewed) ends.push(reviewed.to);
        for (const window of Object.values(rules.windows)) {
          if (window.start !== null) starts.push(dayNumberOf(window.start));
          if (window.end !== null) ends.push(dayNumberOf(window.end));
        }
        if (rules.closedAt !== null) ends.push(dayNumberOf(rules.closedAt));
        const closed = rules.closedAt !== null || batch.status === 'closed';
        const from = Math.min(...starts);
        // An open batch runs until today; a closed one until its close or its last review.
        const to = closed && ends.length > 0 ? Math.min(today, Math.max(...ends)) : today;
        return {
          id: batch.id,
          name: batch.name,
          from: isoDateOf(Math.min(from, to)),
          to: isoDateOf(to),
          plagiarismThreshold: rules.plagiarismThreshold,
        };
      }),
      reviewers,
      majors,
    };
  }

  /** The caller's scope: a reviewer's own figures, an admin's everyone's or chosen reviewer's. */
  private async scope(user: SessionUser, filter: StatisticsFilter): Promise<Scope> {
    const days =
      filter.from !== undefined && filter.to !== undefined
        ? { from: dayOfIsoDate(filter.from), to: dayOfIsoDate(filter.to) }
        : null;
    const dims: Dimensions = { batchId: filter.batchId, stage: filter.stage, major: filter.major };
    if (user.role !== Role.admin) {
      if (filter.reviewerId !== undefined && filter.reviewerId !== user.id) throw forbidden('只能查看本人的评阅统计');
      return { reviewer: { id: user.id, name: user.name }, days, dims };
    }
    if (filter.reviewerId === undefined) return { reviewer: null, days, dims };
    const reviewer = await this.repository.person(filter.reviewerId);
    if (!reviewer) throw notFound('评阅教师不存在');
    return { reviewer, days, dims };
  }
}
