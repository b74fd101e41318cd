import { parseBatchRules, STAGES, SUBMISSION_STATUSES, type SubmissionStatus } from '@zikao/contract';
import {
  type AdminHome,
  HOME_BATCH_LIMIT,
  HOME_LIST_LIMIT,
  HOME_QUEUE_LIMIT,
  type HomeQueueItem,
  REVIEW_DUE_DAYS,
  type ReviewerHome,
} from '@zikao/contract/home';
import { hidesStudent } from '../../access/access-rules.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { ActiveGroup, ArrivalAction, HomeRepository, QueueRow } from './home.repository.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

type Arrivals = Map<number, { action: ArrivalAction; reason: string; at: number }>;

const zeroCounts = (): Record<SubmissionStatus, number> =>
  Object.fromEntries(SUBMISSION_STATUSES.map((status) => [status, 0])) as Record<SubmissionStatus, number>;

/**
 * The staff homes (issue 21 §3). A reviewer's home reads only the submissions assigned to the
 * caller (`reviewer_id`), and masks the candidate where the batch is blind, as the review lists do;
 * the admin home reads every submission. Each answer is a handful of grouped counts and short lists.
 */
export class HomeService {
  private readonly repository: HomeRepository;
  private readonly now: () => number;

  constructor(deps: { repository: HomeRepository; now?: () => number }) {
    this.repository = deps.repository;
    this.now = deps.now ?? Date.now;
  }

  async reviewer(user: SessionUser): Promise<ReviewerHome> {
    const now = this.now();
    const dueMs = REVIEW_DUE_DAYS * DAY_MS;
    const [counts, queueRows, reopenedRows, reviewedThisWeek] = await Promise.all([
      this.repository.activeGroups(user.id, now - dueMs),
      this.repository.queue(user.id, HOME_QUEUE_LIMIT),
      this.repository.reopenedQueue(user.id, HOME_QUEUE_LIMIT),
      this.repository.reviewedSince(user.id, now - WEEK_MS),
    ]);
    const arrivals = await this.repository.lastArrivals([
      ...new Set([...queueRows, ...reopenedRows].map((row) => row.id)),
    ]);
    const blindOf = blindBatches();
    const item = (row: QueueRow) => toQueueItem(row, { user, arrivals, blind: blindOf(row), dueMs, now });
    const stages = STAGES.map((stage) => {
      const of = counts.filter((row) => row.stage === stage);
      const n = (status: SubmissionStatus) =>
        of.filter((row) => row.status === status).reduce((sum, row) => sum + row.n, 0);
      return {
        stage,
        assigned: n('assigned'),
        reviewing: n('reviewing'),
        overdue: of.reduce((sum, row) => sum + row.overdue, 0),
      };
    });
    return {
      serverTime: now,
      dueDays: REVIEW_DUE_DAYS,
      stages,
      waiting: stages.reduce((sum, stage) => sum + stage.assigned + stage.reviewing, 0),
      overdue: stages.reduce((sum, stage) => sum + stage.overdue, 0),
      reviewedThisWeek,
      queue: queueRows.map(item),
      reopened: reopenedRows.map(item),
    };
  }

  async admin(): Promise<AdminHome> {
    const now = this.now();
    const dueMs = REVIEW_DUE_DAYS * DAY_MS;
    const cutoff = now - dueMs;
    const [statuses, active, unassigned, batches, overdue, checks, released] = await Promise.all([
      this.repository.statusCounts(),
      this.repository.activeGroups(null, cutoff),
      this.repository.unassignedByStage(),
      this.repository.openBatches(HOME_BATCH_LIMIT),
      this.repository.overdueList(cutoff, HOME_LIST_LIMIT),
      this.repository.awaitingCheck(HOME_LIST_LIMIT),
      this.repository.releasedCount(),
    ]);
    const [byBatch, thesesByBatch, arrivals] = await Promise.all([
      this.repository.batchCounts(batches.map((batch) => batch.id)),
      this.repository.batchTheses(batches.map((batch) => batch.id)),
      this.repository.lastArrivals(overdue.map((row) => row.id)),
    ]);
    const loads = reviewerLoads(active).slice(0, HOME_LIST_LIMIT);
    const names = await this.repository.names(loads.map((load) => load.reviewerId));
    const status = (name: SubmissionStatus) => statuses.find((row) => row.status === name)?.n ?? 0;
    return {
      serverTime: now,
      dueDays: REVIEW_DUE_DAYS,
      totals: {
        submissions: statuses.reduce((sum, row) => sum + row.n, 0),
        unassigned: status('unassigned'),
        inReview: status('assigned') + status('reviewing'),
        overdue: active.reduce((sum, row) => sum + row.overdue, 0),
        awaitingCheck: status('awaiting_check'),
        released,
      },
      unassigned: STAGES.map((stage) => ({ stage, count: unassigned.find((row) => row.stage === stage)?.n ?? 0 })),
      batches: batches.map((batch) => {
        const rules = parseBatchRules(batch.rules_json);
        const counts = zeroCounts();
        for (const row of byBatch) if (row.batch_id === batch.id) counts[row.status] += row.n;
        return {
          batchId: batch.id,
          name: batch.name,
          blindReview: rules.blindReview,
          adminCheck: rules.adminCheck,
          theses: thesesByBatch.get(batch.id) ?? 0,
          total: Object.values(counts).reduce((sum, n) => sum + n, 0),
          counts,
          overdue: active.filter((row) => row.batch_id === batch.id).reduce((sum, row) => sum + row.overdue, 0),
        };
      }),
      overdue: overdue.map((row) => {
        const assignedAt = Math.max(arrivals.get(row.id)?.at ?? row.submitted_at, row.submitted_at);
        return {
          submissionId: row.id,
          stage: row.stage,
          status: row.status,
          title: row.title,
          batchName: row.batch_name,
          reviewerId: row.reviewer_id,
          reviewerName: row.reviewer_name ?? '',
          assignedAt,
          dueAt: assignedAt + dueMs,
        };
      }),
      awaitingCheck: checks.map((row) => ({
        submissionId: row.id,
        stage: row.stage,
        title: row.title,
        batchName: row.batch_name,
        reviewerName: row.reviewer_name ?? '',
        verdict: row.verdict,
        score: row.score,
        reviewedAt: row.reviewed_at ?? row.updated_at,
      })),
      reviewers: loads.map((load) => ({ ...load, name: names.get(load.reviewerId) ?? '' })),
    };
  }
}

/** Each reviewer's waiting and overdue work, those with overdue work first, then by load. */
function reviewerLoads(groups: readonly ActiveGroup[]): Array<{ reviewerId: number; active: number; overdue: number }> {
  const loads = new Map<number, { reviewerId: number; active: number; overdue: number }>();
  for (const group of groups) {
    if (group.reviewer_id === null) continue;
    const load = loads.get(group.reviewer_id) ?? { reviewerId: group.reviewer_id, active: 0, overdue: 0 };
    load.active += group.n;
    load.overdue += group.overdue;
    loads.set(group.reviewer_id, load);
  }
  return [...loads.values()].sort(
    (a, b) => b.overdue - a.overdue || b.active - a.active || a.reviewerId - b.reviewerId,
  );
}

/** Whether a row's batch is blind, its rules parsed once per batch. */
function blindBatches(): (row: Pick<QueueRow, 'batch_id' | 'rules_json'>) => boolean {
  const known = new Map<number, boolean>();
  return (row) => {
    let blind = known.get(row.batch_id);
    if (blind === undefined) {
      blind = parseBatchRules(row.rules_json).blindReview;
      known.set(row.batch_id, blind);
    }
    return blind;
  };
}

function toQueueItem(
  row: QueueRow,
  context: { user: SessionUser; arrivals: Arrivals; blind: boolean; dueMs: number; now: number },
): HomeQueueItem {
  const assignedAt = Math.max(row.arrived_at, row.submitted_at);
  const last = context.arrivals.get(row.id);
  const dueAt = assignedAt + context.dueMs;
  return {
    submissionId: row.id,
    stage: row.stage,
    status: row.status,
    title: row.title,
    studentName: hidesStudent(context.user, context.blind) ? '' : row.student_name,
    blind: context.blind,
    batchName: row.batch_name,
    versionNo: row.current_version,
    submittedAt: row.submitted_at,
    assignedAt,
    dueAt,
    overdue: dueAt < context.now,
    drafted: row.review_state === 'draft',
    reopened: last?.action === 'reopen' && row.status === 'reviewing' ? { reason: last.reason, at: last.at } : null,
  };
}
