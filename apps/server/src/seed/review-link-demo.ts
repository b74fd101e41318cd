import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../shared/request-context.ts';
import type { ReviewLinkService } from '../workflow/review-link/review-link.service.ts';

export interface DemoReviewLink {
  purpose: 'review' | 'check';
  linkId: number;
  submissionId: number;
}

/**
 * Review links on the review demo (issue 13): a 评阅 link that gives an unassigned draft of the
 * demo batch to an external expert, and a 复核 link for the submission waiting for the admin
 * check, both made by the demo admin through the service as the console makes them. Answers which
 * links it made, for the start-up log: never their URLs, whose signatures open the pages (adr/028);
 * 评阅链接 in the console copies them.
 */
export async function seedReviewLinkDemo(deps: {
  db: Kysely<Database>;
  links: ReviewLinkService;
}): Promise<DemoReviewLink[]> {
  const { db, links } = deps;
  const row = await db.selectFrom('users').selectAll().where('account', '=', '13800000004').executeTakeFirstOrThrow();
  const admin: SessionUser = {
    id: row.id,
    role: row.role,
    account: row.account,
    name: row.name,
    mustChangePassword: false,
    sessionId: 0,
    row,
  };
  const demoBatch = await db.selectFrom('batches').select('id').orderBy('id').executeTakeFirstOrThrow();
  const made: DemoReviewLink[] = [];
  const draft = await db
    .selectFrom('submissions')
    .select('id')
    .where('batch_id', '=', demoBatch.id)
    .where('stage', '=', 'draft')
    .where('status', '=', 'unassigned')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (draft) {
    const link = await links.create(admin, {
      submissionId: draft.id,
      purpose: 'review',
      label: '王教授（华南理工大学）',
      expiresInDays: 30,
    });
    // The expert the link made is demo data too (adr/028).
    const expert = await db
      .selectFrom('review_links')
      .select('reviewer_user_id')
      .where('id', '=', link.id)
      .executeTakeFirst();
    if (expert?.reviewer_user_id) {
      await db.updateTable('users').set({ demo: 1 }).where('id', '=', expert.reviewer_user_id).execute();
    }
    made.push({ purpose: 'review', linkId: link.id, submissionId: draft.id });
  }
  const waiting = await db
    .selectFrom('submissions')
    .select('id')
    .where('status', '=', 'awaiting_check')
    .orderBy('id')
    .executeTakeFirst();
  if (waiting) {
    const link = await links.create(admin, { submissionId: waiting.id, purpose: 'check', expiresInDays: 30 });
    made.push({ purpose: 'check', linkId: link.id, submissionId: waiting.id });
  }
  return made;
}
