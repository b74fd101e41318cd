import type { Stage } from '@zikao/contract/review';

/** Where a stage's submission is reviewed (seed section 2, and the plan's review route). */
export function reviewPathOf(stage: Stage, id: number): string {
  switch (stage) {
    case 'topic':
      return `/annotate/topic/review/${id}`;
    case 'plan':
      return `/thesisPlan/review/${id}`;
    case 'draft':
      return `/annotate/thesis/reviews/${id}`;
    case 'final':
      return `/annotate/thesis/finally/${id}`;
    case 'retest':
      return `/annotate/thesisRetest/${id}`;
  }
}

/** Where a stage's submission is read without editing; retests have no such route of their own. */
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

/** A route's id parameter as a submission id; the retest path's `detail{id}` prefix is dropped. */
export function submissionIdOf(param: string | undefined): number | null {
  const digits = (param ?? '').replace(/^detail/, '');
  if (!/^\d+$/.test(digits)) return null;
  const id = Number(digits);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
