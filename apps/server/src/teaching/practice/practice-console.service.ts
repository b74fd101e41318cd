import type { AnnotationDto } from '@zikao/contract/annotation';
import type { ListResult } from '@zikao/contract/envelope';
import {
  type ConsolePracticeThesisDto,
  type consolePracticeAttemptsSchema,
  type consolePracticeCreateSchema,
  type consolePracticeListSchema,
  type consolePracticeUpdateSchema,
  PRACTICE_SCORING,
  type PracticeAttemptRow,
  type PracticeStatsDto,
  type PracticeStatus,
} from '@zikao/contract/practice';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AccessService } from '../../access/access.service.ts';
import type { Database } from '../../db/schema.ts';
import type { AnnotationService } from '../../documents/annotation/annotation.service.ts';
import type { DocumentService } from '../../documents/document/document.service.ts';
import { conflict, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { AuditService } from '../../system/audit/audit.service.ts';
import type { PracticeRepository } from './practice.repository.ts';
import { parseTags, searchTextOf, toAttemptRow, toConsoleThesis } from './practice-mappers.ts';
import { practiceStats } from './practice-stats.ts';

interface Deps {
  repository: PracticeRepository;
  documents: DocumentService;
  annotations: AnnotationService;
  access: AccessService;
  audit: AuditService;
}

type Metadata = Omit<z.output<typeof consolePracticeUpdateSchema>, 'id'>;

const ENTITY = 'practice_thesis';

const columnsOf = (input: Metadata) => ({
  title: input.title,
  major_name: input.majorName,
  difficulty: input.difficulty,
  tags_json: JSON.stringify(input.tags),
  search_text: searchTextOf(input),
  description: input.description,
});

/**
 * The console's practice theses (练习论文, adr/013): an admin makes one from an uploaded document,
 * marks its reference points in the workspace (ordinary annotations on that document), publishes
 * and withdraws it, and revises it once markers have attempted it. Every change is audited.
 */
export class PracticeConsoleService {
  private readonly deps: Deps;

  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(query: z.output<typeof consolePracticeListSchema>): Promise<ListResult<ConsolePracticeThesisDto>> {
    const { rows, total } = await this.deps.repository.listConsole(query);
    return { list: rows.map(toConsoleThesis), total, page: query.page, pageSize: query.pageSize };
  }

  async detail(id: number): Promise<ConsolePracticeThesisDto> {
    return toConsoleThesis(await this.thesis(id));
  }

  /** A draft from the admin's own uploaded document (not one already in practice or in a submission). */
  async create(admin: SessionUser, input: z.output<typeof consolePracticeCreateSchema>) {
    const { repository, access } = this.deps;
    const facts = await access.requireOne(admin, 'document.use', input.documentId);
    if (facts.versions.length > 0 || facts.practice || (await repository.isPracticeDocument(input.documentId))) {
      throw conflict('该文档已用于论文提交或其他练习论文，请重新上传');
    }
    const id = await repository.transaction(async (trx, db) => {
      const now = Date.now();
      const created = await trx.insertThesis({
        series_id: null,
        revision: 1,
        previous_id: null,
        ...columnsOf(input),
        status: 'draft',
        document_id: input.documentId,
        created_by: admin.id,
        created_at: now,
        updated_at: now,
        published_at: null,
      });
      await this.audit(db, admin, 'practiceCreate', created, input.title, { toStatus: 'draft' });
      return created;
    });
    return this.detail(id);
  }

  /** Title, major, difficulty, tags and description, in any status: the reference points stay. */
  async update(admin: SessionUser, input: z.output<typeof consolePracticeUpdateSchema>) {
    await this.thesis(input.id);
    await this.deps.repository.transaction(async (trx, db) => {
      await trx.updateThesis(input.id, columnsOf(input));
      await this.audit(db, admin, 'practiceUpdate', input.id, input.title);
    });
    return this.detail(input.id);
  }

  /**
   * Offers a revision to markers: its document ready, 1–100 reference points. The series'
   * previously published revision is withdrawn (its attempts keep their results).
   */
  async publish(admin: SessionUser, id: number) {
    const thesis = await this.thesis(id);
    if (thesis.status === 'published') return toConsoleThesis(thesis);
    if (thesis.document_status !== 'ready') throw conflict('文档尚未处理完成，不能发布');
    const points = Number(thesis.reference_count ?? 0);
    if (points === 0) throw conflict('请先在文档上添加参考批注（参考要点），再发布');
    if (points > PRACTICE_SCORING.maxReferencePoints) {
      throw conflict(`参考批注不能超过 ${PRACTICE_SCORING.maxReferencePoints} 条`);
    }
    await this.deps.repository.transaction(async (trx, db) => {
      for (const other of await trx.revisionsInStatus(thesis.series_id, 'published')) {
        await trx.updateThesis(other.id, { status: 'withdrawn' });
        await this.audit(db, admin, 'practiceWithdraw', other.id, other.title, {
          fromStatus: 'published',
          toStatus: 'withdrawn',
          detail: { replacedBy: id, revision: other.revision },
        });
      }
      await trx.updateThesis(id, { status: 'published', published_at: Date.now() });
      await this.audit(db, admin, 'practicePublish', id, thesis.title, {
        fromStatus: thesis.status,
        toStatus: 'published',
        detail: { revision: thesis.revision, referenceCount: points },
      });
    });
    return this.detail(id);
  }

  /** No longer offered; attempts in progress may still be submitted, results stay. */
  async withdraw(admin: SessionUser, id: number) {
    const thesis = await this.thesis(id);
    if (thesis.status !== 'published') throw conflict('只有已发布的练习论文可以撤回');
    await this.deps.repository.transaction(async (trx, db) => {
      await trx.updateThesis(id, { status: 'withdrawn' });
      await this.audit(db, admin, 'practiceWithdraw', id, thesis.title, {
        fromStatus: 'published',
        toStatus: 'withdrawn',
      });
    });
    return this.detail(id);
  }

  /**
   * The series' draft revision, or a new one copied from this revision: the document (same file,
   * new id) and its reference points, editable again. Attempts on earlier revisions keep theirs.
   */
  async revise(admin: SessionUser, id: number) {
    const { repository, documents, annotations } = this.deps;
    const source = await this.thesis(id);
    const [draft] = await repository.revisionsInStatus(source.series_id, 'draft');
    if (draft) return this.detail(draft.id);
    if (source.document_status !== 'ready') throw conflict('文档尚未处理完成，不能修订');
    const documentId = await documents.copyReady(source.document_id, admin.id, `练习论文-${source.title}.pdf`);
    const copied = await annotations.copyUnchecked(source.document_id, documentId);
    const revisionId = await repository.transaction(async (trx, db) => {
      const now = Date.now();
      const created = await trx.insertThesis({
        series_id: source.series_id,
        revision: await trx.nextRevision(source.series_id),
        previous_id: source.id,
        title: source.title,
        major_name: source.major_name,
        difficulty: source.difficulty,
        tags_json: source.tags_json,
        search_text: searchTextOf({
          title: source.title,
          majorName: source.major_name,
          tags: parseTags(source.tags_json),
        }),
        description: source.description,
        status: 'draft',
        document_id: documentId,
        created_by: admin.id,
        created_at: now,
        updated_at: now,
        published_at: null,
      });
      await this.audit(db, admin, 'practiceRevise', created, source.title, {
        toStatus: 'draft',
        detail: { previousId: source.id, referenceCount: copied },
      });
      return created;
    });
    return this.detail(revisionId);
  }

  async references(id: number): Promise<AnnotationDto[]> {
    const thesis = await this.thesis(id);
    return this.deps.annotations.listUnchecked(thesis.document_id);
  }

  async stats(id: number): Promise<PracticeStatsDto> {
    const thesis = await this.thesis(id);
    const [scores, counts, references] = await Promise.all([
      this.deps.repository.submittedScores(id),
      this.deps.repository.pointCounts(id),
      this.deps.annotations.listUnchecked(thesis.document_id),
    ]);
    return { thesis: toConsoleThesis(thesis), ...practiceStats(scores, counts, references) };
  }

  async attempts(query: z.output<typeof consolePracticeAttemptsSchema>): Promise<ListResult<PracticeAttemptRow>> {
    await this.thesis(query.id);
    const { rows, total } = await this.deps.repository.listAttempts({
      thesisId: query.id,
      keyword: query.keyword,
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    return { list: rows.map(toAttemptRow), total, page: query.page, pageSize: query.pageSize };
  }

  private async thesis(id: number) {
    const thesis = await this.deps.repository.findThesis(id);
    if (!thesis) throw notFound('练习论文不存在');
    return thesis;
  }

  private audit(
    db: Kysely<Database>,
    admin: SessionUser,
    action: string,
    id: number,
    title: string,
    extra: { fromStatus?: PracticeStatus; toStatus?: PracticeStatus; detail?: Record<string, unknown> } = {},
  ) {
    return this.deps.audit.record(db, [
      {
        actorId: admin.id,
        action,
        entity: ENTITY,
        entityId: id,
        fromStatus: extra.fromStatus ?? null,
        toStatus: extra.toStatus ?? null,
        detail: { subject: title, ...extra.detail },
      },
    ]);
  }
}
