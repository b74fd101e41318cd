import type { ReviewState, Stage, SubmissionStatus } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A submission version a document belongs to, with what the access rules read of it. */
export interface DocumentVersionFacts {
  submission_id: number;
  version_no: number;
  current_version: number;
  status: SubmissionStatus;
  reviewer_id: number | null;
  student_id: number;
  rules_json: string;
  review_state: ReviewState | null;
  stage: Stage;
  thesis_title: string;
}

/** A document, and the submission versions it is the paper of (none for a free upload). */
export interface DocumentFacts {
  id: number;
  owner_id: number;
  name: string;
  source_mime: string;
  /** Its pages once prepared (0 before): what an annotation may point at. */
  page_count: number;
  versions: DocumentVersionFacts[];
  /** A practice document (issue 15, adr/013): an attempt's copy, or a practice thesis's reference document. */
  practice?: PracticeDocumentFacts;
}

export type PracticeDocumentFacts =
  | { kind: 'attempt'; userId: number; submitted: boolean }
  | { kind: 'reference'; locked: boolean };

/** A submission: who reviews it, whose it is, and its batch's rules (blind review). */
export interface SubmissionFacts {
  id: number;
  reviewer_id: number | null;
  student_id: number;
  rules_json: string;
}

/**
 * The queries behind every access rule (adr/010): owner, assignee, blind, frozen and released,
 * read in one statement per kind of resource, whatever the number of ids.
 */
export class AccessRepository {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async documents(ids: readonly number[]): Promise<Map<number, DocumentFacts>> {
    const facts = new Map<number, DocumentFacts>();
    if (ids.length === 0) return facts;
    const rows = await this.db
      .selectFrom('documents as d')
      .leftJoin('submission_versions as v', 'v.document_id', 'd.id')
      .leftJoin('submissions as s', 's.id', 'v.submission_id')
      .leftJoin('theses as t', 't.id', 's.thesis_id')
      .leftJoin('batches as b', 'b.id', 's.batch_id')
      .leftJoin('reviews as r', (join) =>
        join.onRef('r.submission_id', '=', 'v.submission_id').onRef('r.version_no', '=', 'v.version_no'),
      )
      .leftJoin('practice_attempts as pa', 'pa.document_id', 'd.id')
      .leftJoin('practice_theses as pt', 'pt.document_id', 'd.id')
      .select([
        'pa.user_id as practice_user_id',
        'pa.status as practice_status',
        'pt.locked as practice_locked',
        'd.id',
        'd.owner_id',
        'd.name',
        'd.source_mime',
        'd.page_count',
        'v.submission_id',
        'v.version_no',
        's.current_version',
        's.status',
        's.reviewer_id',
        't.student_id',
        'b.rules_json',
        'r.state as review_state',
        's.stage',
        't.title as thesis_title',
      ])
      .where('d.id', 'in', ids)
      .execute();
    for (const row of rows) {
      let entry = facts.get(row.id);
      if (!entry) {
        entry = {
          id: row.id,
          owner_id: row.owner_id,
          name: row.name,
          source_mime: row.source_mime,
          page_count: row.page_count,
          versions: [],
        };
        if (row.practice_user_id !== null) {
          entry.practice = {
            kind: 'attempt',
            userId: row.practice_user_id,
            submitted: row.practice_status === 'submitted',
          };
        } else if (row.practice_locked !== null) {
          entry.practice = { kind: 'reference', locked: row.practice_locked === 1 };
        }
        facts.set(row.id, entry);
      }
      if (
        row.submission_id !== null &&
        row.version_no !== null &&
        row.current_version !== null &&
        row.status !== null &&
        row.student_id !== null &&
        row.rules_json !== null &&
        row.stage !== null &&
        row.thesis_title !== null
      ) {
        entry.versions.push({
          submission_id: row.submission_id,
          version_no: row.version_no,
          current_version: row.current_version,
          status: row.status,
          reviewer_id: row.reviewer_id,
          student_id: row.student_id,
          rules_json: row.rules_json,
          review_state: row.review_state,
          stage: row.stage,
          thesis_title: row.thesis_title,
        });
      }
    }
    return facts;
  }

  /** The document of each of these annotations that exists, deleted or not. */
  async annotationDocuments(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('annotations').select(['id', 'document_id']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.document_id]));
  }

  async submissions(ids: readonly number[]): Promise<Map<number, SubmissionFacts>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('submissions as s')
      .innerJoin('theses as t', 't.id', 's.thesis_id')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .select(['s.id', 's.reviewer_id', 't.student_id', 'b.rules_json'])
      .where('s.id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** A candidate's name and exam number, as blind review redacts them from their free text. */
  async candidateIdentity(studentId: number): Promise<{ name: string; examNumber: string | null } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['name', 'exam_number as examNumber'])
      .where('id', '=', studentId)
      .executeTakeFirst();
  }
}
