import assert from 'node:assert/strict';
import type { SubmissionStatus, Verdict } from '@zikao/contract';
import type {
  StatisticsFilter,
  StatisticsOverview,
  StatisticsReviewerItems,
  StatisticsWorkload,
} from '@zikao/contract/statistics';
import type { ApiResponse, TestApp } from '../../test/test-app.ts';

export const COMMENT = '论文选题有一定的现实意义，结构较为完整，论证基本充分，但文献综述仍需补充，'.repeat(2);

type Filter = Partial<Record<keyof StatisticsFilter, unknown>>;

export const overviewCall = (app: TestApp, token: string, filter: Filter = {}) =>
  app.post<StatisticsOverview>('/api/v1/statistics/overview', filter, { token });

/** The overview, which must answer. */
export async function overviewOf(app: TestApp, token: string, filter: Filter = {}): Promise<StatisticsOverview> {
  const response = await overviewCall(app, token, filter);
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data;
}

export async function workloadOf(app: TestApp, token: string, filter: Filter = {}): Promise<StatisticsWorkload> {
  const response = await app.post<StatisticsWorkload>('/api/v1/statistics/workload', filter, { token });
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data;
}

export async function itemsOf(
  app: TestApp,
  token: string,
  query: Filter & { reviewerId: number; kind: 'pending' | 'reviewed'; page?: number; pageSize?: number },
): Promise<StatisticsReviewerItems> {
  const response = await app.post<StatisticsReviewerItems>('/api/v1/statistics/reviewerItems', query, { token });
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data;
}

/** The reviewer submits the current version's review through the API; it must be taken. */
export async function submitReview(
  app: TestApp,
  token: string,
  review: {
    submissionId: number;
    verdict: Verdict;
    score?: number;
    plagiarismRate?: number;
    minutes: number;
    versionNo?: number;
  },
): Promise<SubmissionStatus> {
  const response: ApiResponse<{ status: SubmissionStatus }> = await app.post(
    '/api/v1/review/submit',
    {
      submissionId: review.submissionId,
      versionNo: review.versionNo ?? 1,
      verdict: review.verdict,
      comment: COMMENT,
      timeSpentMs: review.minutes * 60_000,
      ...(review.score !== undefined ? { score: review.score } : {}),
      ...(review.plagiarismRate !== undefined ? { plagiarismRate: review.plagiarismRate } : {}),
    },
    { token },
  );
  assert.equal(response.body.errorCode, 0, response.body.errorMsg);
  return response.body.data.status;
}

export async function userIdOf(app: TestApp, account: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every roll-up row that sums anything, in a stable order, for comparing two ways of computing it. */
export async function rollupSnapshot(app: TestApp): Promise<string[]> {
  const rows = await app.database.db.selectFrom('stats_rollup').selectAll().where('reviewed', '>', 0).execute();
  return rows
    .map((row) =>
      JSON.stringify(
        Object.entries(row).map(([key, value]) => [key, Number.isNaN(Number(value)) ? value : Number(value)]),
      ),
    )
    .sort();
}

export async function factsSnapshot(app: TestApp): Promise<string[]> {
  const rows = await app.database.db.selectFrom('stats_reviews').selectAll().execute();
  return rows
    .map((row) =>
      JSON.stringify(
        Object.entries(row).map(([key, value]) => [
          key,
          value === null || (typeof value === 'string' && Number.isNaN(Number(value))) ? value : Number(value),
        ]),
      ),
    )
    .sort();
}
