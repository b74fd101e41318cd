import type { Stage } from '@zikao/contract/review';

/**
 * Where a stage's submission is read without editing (seed §2's detail routes; the review feature
 * keeps the same table for its lists, and features do not import each other).
 */
export function detailPathOf(stage: Stage, id: number): string {
  switch (stage) {
    case 'topic':
      return `/annotate/topic/detail/${id}`;
    case 'plan':
      return `/thesisPlan/detail/${id}`;
    case 'draft':
      return `/annotate/thesis/detail/${id}`;
    case 'final':
      return `/annotate/thesis/finallyDetail/${id}`;
    case 'retest':
      return `/history/detail/${id}`;
  }
}
