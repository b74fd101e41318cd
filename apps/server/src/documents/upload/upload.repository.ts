import type { UploadKind } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NewUpload {
  id: string;
  sha256: string;
  ownerId: number;
  name: string;
  kind: UploadKind;
  size: number;
  mime: string;
}

export class UploadRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Records the stored object (once per hash) and this upload of it, together. */
  async insert(upload: NewUpload): Promise<void> {
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('stored_files')
        .values({ sha256: upload.sha256, size: upload.size, mime: upload.mime, created_at: now })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
      await trx
        .insertInto('uploads')
        .values({
          id: upload.id,
          sha256: upload.sha256,
          owner_id: upload.ownerId,
          name: upload.name,
          kind: upload.kind,
          size: upload.size,
          mime: upload.mime,
          created_at: now,
        })
        .execute();
    });
  }

  findById(id: string) {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
