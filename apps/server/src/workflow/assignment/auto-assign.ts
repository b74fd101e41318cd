/** A submission waiting for a reviewer, as the planner sees it. */
export interface PlanSubmission {
  id: number;
  major: string;
}

/** A reviewer who may take work: the majors they review and their current load. */
export interface PlanReviewer {
  id: number;
  majors: readonly string[];
  /** 待评阅 + 评阅中 items already assigned. */
  load: number;
}

export interface AssignmentPlan {
  /** Submission id → reviewer id, for every submission some reviewer can take. */
  reviewerOf: Map<number, number>;
  /** Submission id → why nobody can take it. */
  unassigned: Map<number, string>;
  /** Reviewer id → load once the plan is applied. */
  loadAfter: Map<number, number>;
}

const normalise = (major: string) => major.trim();

/**
 * Plans an automatic assignment: each submission goes to a reviewer whose majors include its
 * major, balancing the reviewers' loads (existing load plus the plan). Deterministic: the same
 * input always gives the same plan (ties go to the lower reviewer id).
 *
 * Greedy first, most constrained submissions first, each to the least loaded eligible reviewer;
 * then, while a chain of moves can take one item from a reviewer to another eligible one with
 * at least two fewer, it shifts one item along the chain. Each shift lowers the sum of squared
 * loads, so it ends, and at the end no reviewer can hand work to one with two fewer items.
 */
export function planAutoAssignment(
  submissions: readonly PlanSubmission[],
  reviewers: readonly PlanReviewer[],
): AssignmentPlan {
  const sortedReviewers = [...reviewers].sort((a, b) => a.id - b.id);
  const load = new Map(sortedReviewers.map((r) => [r.id, r.load]));
  const byMajor = new Map<string, number[]>();
  for (const reviewer of sortedReviewers) {
    for (const major of new Set(reviewer.majors.map(normalise))) {
      if (!major) continue;
      byMajor.set(major, [...(byMajor.get(major) ?? []), reviewer.id]);
    }
  }
  const eligible = new Map<number, number[]>();
  const unassigned = new Map<number, string>();
  for (const submission of [...submissions].sort((a, b) => a.id - b.id)) {
    const major = normalise(submission.major);
    const candidates = major ? byMajor.get(major) : undefined;
    if (!major) unassigned.set(submission.id, '论文未填写专业，无法按专业匹配');
    else if (!candidates) unassigned.set(submission.id, `没有负责“${major}”专业的评阅教师`);
    else eligible.set(submission.id, candidates);
  }

  const reviewerOf = new Map<number, number>();
  const order = [...eligible.entries()].sort((a, b) => a[1].length - b[1].length || a[0] - b[0]);
  for (const [submissionId, candidates] of order) {
    const chosen = leastLoaded(candidates, load);
    reviewerOf.set(submissionId, chosen);
    load.set(chosen, (load.get(chosen) ?? 0) + 1);
  }

  while (rebalanceOnce(reviewerOf, eligible, load, sortedReviewers)) {
    // each pass moves one item along a chain; see above
  }
  return { reviewerOf, unassigned, loadAfter: load };
}

function leastLoaded(candidates: readonly number[], load: ReadonlyMap<number, number>): number {
  let best = candidates[0] as number;
  for (const id of candidates) {
    if ((load.get(id) ?? 0) < (load.get(best) ?? 0)) best = id;
  }
  return best;
}

/** Finds one chain from a heavily loaded reviewer to one with at least two fewer items and shifts along it. */
function rebalanceOnce(
  reviewerOf: Map<number, number>,
  eligible: ReadonlyMap<number, readonly number[]>,
  load: Map<number, number>,
  reviewers: readonly PlanReviewer[],
): boolean {
  const planned = new Map<number, number[]>();
  for (const [submissionId, reviewerId] of [...reviewerOf.entries()].sort((a, b) => a[0] - b[0])) {
    planned.set(reviewerId, [...(planned.get(reviewerId) ?? []), submissionId]);
  }
  const loadOf = (id: number) => load.get(id) ?? 0;
  const sources = reviewers
    .map((r) => r.id)
    .filter((id) => planned.has(id))
    .sort((a, b) => loadOf(b) - loadOf(a) || a - b);
  for (const source of sources) {
    // Breadth-first over "hand one planned item to another eligible reviewer".
    const via = new Map<number, { from: number; submissionId: number }>();
    const queue = [source];
    const seen = new Set([source]);
    let target: number | null = null;
    while (queue.length > 0) {
      const current = queue.shift() as number;
      for (const submissionId of planned.get(current) ?? []) {
        for (const next of eligible.get(submissionId) ?? []) {
          if (seen.has(next)) continue;
          seen.add(next);
          via.set(next, { from: current, submissionId });
          queue.push(next);
          if (loadOf(next) <= loadOf(source) - 2 && (target === null || loadOf(next) < loadOf(target))) {
            target = next;
          }
        }
      }
    }
    if (target === null) continue;
    let at = target;
    while (at !== source) {
      const step = via.get(at) as { from: number; submissionId: number };
      reviewerOf.set(step.submissionId, at);
      at = step.from;
    }
    load.set(source, loadOf(source) - 1);
    load.set(target, loadOf(target) + 1);
    return true;
  }
  return false;
}
