import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { UploadKind } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DocumentRepository } from '../documents/document/document.repository.ts';
import { UploadRepository } from '../documents/upload/upload.repository.ts';
import type { FileStorage } from '../shared/storage/storage.ts';

/** Stores demo bytes content-addressed and records them as an upload of `ownerId`; returns the upload id. */
export async function storeDemoUpload(
  deps: { db: Kysely<Database>; storage: FileStorage },
  file: { ownerId: number; name: string; bytes: Uint8Array; mime: string; kind: UploadKind },
): Promise<string> {
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const temp = deps.storage.tempPath();
  await writeFile(temp, file.bytes);
  await deps.storage.putTempFile(temp, sha256);
  const id = randomUUID().replaceAll('-', '');
  await new UploadRepository(deps.db).insert({
    id,
    sha256,
    ownerId: file.ownerId,
    name: file.name,
    kind: file.kind,
    size: file.bytes.length,
    mime: file.mime,
  });
  return id;
}

/** A demo PDF as a review document of `ownerId` (prepared on start-up like any upload); returns its id. */
export async function storeDemoPdf(
  deps: { db: Kysely<Database>; storage: FileStorage },
  ownerId: number,
  name: string,
  bytes: Uint8Array,
): Promise<number> {
  const mime = 'application/pdf';
  const uploadId = await storeDemoUpload(deps, { ownerId, name, bytes, mime, kind: 'document' });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return new DocumentRepository(deps.db).insert({ ownerId, uploadId, name, sourceSha256: sha256, sourceMime: mime });
}
