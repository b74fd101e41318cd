import { STAGE_LABELS, type Stage, type TopicFields } from '@zikao/contract';
import { STRUCTURED_TEXT_MIME, structuredTextFields } from '@zikao/contract/structured-text';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DocumentRepository } from './document.repository.ts';

/**
 * The document that holds a structured version's text (a topic, or a plan filled in as text), so
 * that reviewers annotate it like a PDF: one page per field, ready at once, no file. The
 * submission service calls it in the transaction that inserts the version.
 */
export function createStructuredDocument(
  db: Kysely<Database>,
  version: { ownerId: number; stage: Stage; fields: TopicFields },
): Promise<number> {
  return new DocumentRepository(db).insertStructured({
    ownerId: version.ownerId,
    name: `${STAGE_LABELS[version.stage]}内容`,
    pages: structuredTextFields(version.fields).map((field) => field.text),
  });
}

/** The page that holds the title (page numbers start at 1); the fields follow in `structuredTextFields` order. */
export const STRUCTURED_TITLE_PAGE = 1;

/** Whether the document is structured text: it has pages and annotations but no PDF. */
export function isStructuredText(document: { source_mime: string }): boolean {
  return document.source_mime === STRUCTURED_TEXT_MIME;
}
