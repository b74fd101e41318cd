import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Role } from '@zikao/contract';
import { type Kysely, sql } from 'kysely';
import { buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { up } from './023-comment-bank-unique.ts';

describe('migration 023: one comment-bank entry per owner and text', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('merges the entries doubled before it into the oldest, with their uses, and then refuses a double', async () => {
    const { db } = app.database;
    const owner = await buildUser(app, { role: Role.reviewer });
    const other = await buildUser(app, { role: Role.reviewer });
    // As a database from before the index: the burst's doubles, shared and personal.
    await sql`drop index comment_bank_owner_text_idx`.execute(db);
    const row = (owner_id: number | null, text: string, use_count: number, at: number) => ({
      owner_id,
      text,
      category: 'content' as const,
      use_count,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('comment_bank')
      .values([
        row(owner.id, '论证不足', 3, 1),
        row(owner.id, '论证不足', 2, 2),
        row(owner.id, '论证不足', 0, 3),
        row(other.id, '论证不足', 5, 4),
        row(null, '格式不规范', 7, 5),
        row(null, '格式不规范', 1, 6),
        row(owner.id, '格式不规范', 4, 7),
      ])
      .execute();

    await up(db as unknown as Kysely<unknown>, {
      dialect: app.config.databaseUrl ? 'postgres' : 'sqlite',
      idColumn: (column) => column,
    });

    const rows = await db
      .selectFrom('comment_bank')
      .select(['owner_id', 'text', 'use_count', 'updated_at'])
      .where('text', 'in', ['论证不足', '格式不规范'])
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.owner_id, r.text, r.use_count, Number(r.updated_at)]),
      [
        [owner.id, '论证不足', 5, 3],
        [other.id, '论证不足', 5, 4],
        [null, '格式不规范', 8, 6],
        [owner.id, '格式不规范', 4, 7],
      ],
    );
    await assert.rejects(
      db
        .insertInto('comment_bank')
        .values(row(null, '格式不规范', 0, 8))
        .execute(),
    );
    await assert.rejects(
      db
        .insertInto('comment_bank')
        .values(row(owner.id, '论证不足', 0, 8))
        .execute(),
    );
  });
});
