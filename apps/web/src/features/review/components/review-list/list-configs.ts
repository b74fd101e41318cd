import type { Stage } from '@zikao/contract/review';
import { ReviewListPath } from '@zikao/contract/review-lists';
import type { ListScope } from './status-display.ts';

/** What one review list is: its call, its words, and where its rows lead. */
export interface ReviewListConfig {
  /** The stages it lists; more than one gives a stage switch (history of theses). */
  stages: readonly Stage[];
  scope: ListScope;
  /** What one row is, e.g. 论文, used in texts. */
  subject: string;
  /** The action that opens the review screen: 批注 or 评阅. */
  reviewLabel: string;
  detailLabel: string;
  reviewHref(id: number, stage: Stage): string;
  detailHref(id: number, stage: Stage): string;
}

/** The list call of each stage. */
export const STAGE_LIST_PATH: Record<Stage, string> = {
  topic: ReviewListPath.topics,
  plan: ReviewListPath.plans,
  draft: ReviewListPath.drafts,
  final: ReviewListPath.finals,
  retest: ReviewListPath.retests,
};

/** Short names of the stages for the stage switch. */
export const STAGE_SWITCH_LABELS: Record<Stage, string> = {
  topic: '选题',
  plan: '论文计划',
  draft: '论文初稿',
  final: '定稿',
  retest: '复试论文',
};

/** Stages whose rows carry a score and a grade. */
export const SCORED: readonly Stage[] = ['final', 'retest'];

const annotate = (
  stage: Stage,
  subject: string,
  reviewLabel: string,
  reviewHref: (id: number) => string,
  detailHref: (id: number) => string,
): ReviewListConfig => ({
  stages: [stage],
  scope: 'all',
  subject,
  reviewLabel,
  detailLabel: '查看',
  reviewHref,
  detailHref,
});

/** The annotation area's lists (seed section 2), each with its review and read-only screens. */
export const ANNOTATE_LISTS = {
  topic: annotate(
    'topic',
    '选题',
    '批注',
    (id) => `/annotate/topic/review/${id}`,
    (id) => `/annotate/topic/detail/${id}`,
  ),
  draft: annotate(
    'draft',
    '论文',
    '批注',
    (id) => `/annotate/thesis/reviews/${id}`,
    (id) => `/annotate/thesis/detail/${id}?view=annotations`,
  ),
  final: annotate(
    'final',
    '定稿',
    '评阅',
    (id) => `/annotate/thesis/finally/${id}`,
    (id) => `/annotate/thesis/finallyDetail/${id}`,
  ),
  // The seed's retest detail path has no slash before the id.
  retest: annotate(
    'retest',
    '复试论文',
    '评阅',
    (id) => `/annotate/thesisRetest/${id}`,
    (id) => `/annotate/thesisRetest/detail${id}`,
  ),
  plan: annotate(
    'plan',
    '论文计划',
    '批注',
    (id) => `/thesisPlan/review/${id}`,
    (id) => `/thesisPlan/detail/${id}`,
  ),
} satisfies Record<string, ReviewListConfig>;

const history = (stages: readonly Stage[], subject: string): ReviewListConfig => ({
  stages,
  scope: 'history',
  subject,
  reviewLabel: '详情',
  detailLabel: '查看批注',
  reviewHref: (id) => `/history/review/${id}`,
  detailHref: (id) => `/history/detail/${id}`,
});

/** The reviewer's history: what they have already reviewed, read-only. */
export const HISTORY_LISTS = {
  topic: history(['topic'], '选题'),
  thesis: history(['draft', 'final', 'retest'], '论文'),
  plan: history(['plan'], '论文计划'),
} satisfies Record<string, ReviewListConfig>;
