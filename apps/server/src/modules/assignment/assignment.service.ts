import { type SubmissionStatus, TEACHER_SIDE_ROLES } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { conflict, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { AuditRepository } from '../audit/audit.repository.ts';
import type { UsersRepository } from '../auth/users.repository.ts';
import { ReviewRepository } from '../review/review.repository.ts';
import type { SubmissionRepository } from '../submission/submission.repository.ts';
import { transition } from '../submission/submission-status.ts';

/** Assignment of submissions to reviewers, by an admin; all of a bulk assignment or none. */
export class AssignmentService {
  private readonly submissions: SubmissionRepository;
  private readonly users: UsersRepository;

  constructor(deps: { submissions: SubmissionRepository; users: UsersRepository }) {
    this.submissions = deps.submissions;
    this.users = deps.users;
  }

  async assign(user: SessionUser, submissionIds: readonly number[], reviewerId: number): Promise<{ assigned: number }> {
    const reviewer = await this.users.findById(reviewerId);
    if (!reviewer || reviewer.disabled || !(TEACHER_SIDE_ROLES as readonly number[]).includes(reviewer.role)) {
      throw invalidInput('reviewerId 不是可用的评阅教师');
    }
    const ids = [...new Set(submissionIds)];
    const rows = await this.submissions.findMany(ids);
    if (rows.length !== ids.length) throw notFound('论文不存在');
    for (const row of rows) {
      const step = transition(row.status as SubmissionStatus, { type: 'assign' });
      if (!step.ok) throw conflict(`论文（编号 ${row.id}）${step.reason}`);
    }
    await this.submissions.transaction(async (submissions, trx: Kysely<Database>) => {
      for (const row of rows) {
        const changed = await submissions.advance(
          row.id,
          { status: row.status as SubmissionStatus, currentVersion: row.current_version },
          { status: 'assigned', reviewer_id: reviewerId },
        );
        if (!changed) throw conflict(`论文（编号 ${row.id}）状态已变化，请刷新后再试`);
      }
      await new ReviewRepository(trx).dropDraftsNotBy(ids, reviewerId);
      await new AuditRepository(trx).record(
        rows.map((row) => ({
          actorId: user.id,
          action: 'assign',
          entity: 'submission',
          entityId: row.id,
          fromStatus: row.status,
          toStatus: 'assigned',
          detail: { reviewerId, previousReviewerId: row.reviewer_id },
        })),
      );
    });
    return { assigned: rows.length };
  }
}
