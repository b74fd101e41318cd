import { DocumentText } from '@zikao/anchoring';
import type { ListResult } from '@zikao/contract/envelope';
import {
  PRACTICE_SCORING,
  type PracticeAttemptDto,
  type PracticeAttemptRow,
  type PracticeCardDto,
  type PracticeResultDto,
  type PracticeThesisDto,
  type practiceHistorySchema,
  type practiceListSchema,
} from '@zikao/contract/practice';
import type { z } from 'zod';
import { isAdmin } from '../../access/access-rules.ts';
import type { AnnotationService } from '../../documents/annotation/annotation.service.ts';
import type { DocumentService } from '../../documents/document/document.service.ts';
import { conflict, forbidden, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { PracticeAttemptRowData, PracticeRepository } from './practice.repository.ts';
import { buildResult, oneDecimal, parseTags, toAttemptDto, toAttemptRow } from './practice-mappers.ts';
import { toScored } from './regions.ts';
import { scoreAttempt } from './scoring.ts';

/** Points of the card's trend. */
const TREND_POINTS = 50;

interface Deps {
  repository: PracticeRepository;
  documents: DocumentService;
  annotations: AnnotationService;
  now?: () => number;
}

/**
 * The practiser's side of annotation practice (adr/013): the list, one's history and card,
 * starting, submitting and reading attempts. Teachers, reviewers and admins practise; an attempt
 * is its author's, and admins read everyone's. The reference points leave the server only in a
 * submitted attempt's result.
 */
export class PracticeService {
  private readonly deps: Deps;
  private readonly now: () => number;

  constructor(deps: Deps) {
    this.deps = deps;
    this.now = deps.now ?? Date.now;
  }

  async list(user: SessionUser, query: z.output<typeof practiceListSchema>): Promise<ListResult<PracticeThesisDto>> {
    const { rows, total } = await this.deps.repository.listPublished(user.id, query);
    return {
      list: rows.map((row) => ({
        id: row.id,
        title: row.title,
        majorName: row.major_name,
        difficulty: row.difficulty,
        tags: parseTags(row.tags_json),
        description: row.description,
        revision: row.revision,
        pageCount: row.page_count,
        publishedAt: row.published_at === null ? null : Number(row.published_at),
        myAttempts: Number(row.my_attempts ?? 0),
        myBest: row.my_best === null || row.my_best === undefined ? null : Number(row.my_best),
        openAttemptId:
          row.open_attempt_id === null || row.open_attempt_id === undefined ? null : Number(row.open_attempt_id),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async history(
    user: SessionUser,
    query: z.output<typeof practiceHistorySchema>,
  ): Promise<ListResult<PracticeAttemptRow>> {
    const { rows, total } = await this.deps.repository.listAttempts({
      userId: user.id,
      ...(query.thesisId ? { thesisId: query.thesisId } : {}),
      keyword: query.keyword,
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    return { list: rows.map(toAttemptRow), total, page: query.page, pageSize: query.pageSize };
  }

  async card(user: SessionUser): Promise<PracticeCardDto> {
    const [numbers, trend] = await Promise.all([
      this.deps.repository.cardNumbers(user.id),
      this.deps.repository.trend(user.id, TREND_POINTS),
    ]);
    return {
      userId: user.id,
      name: user.row.name,
      schoolName: user.row.school_name,
      majorName: user.row.major_name,
      attempts: numbers.attempts,
      averageScore: oneDecimal(numbers.average),
      bestScore: numbers.best,
      trend: trend.reverse().map((row) => ({
        attemptId: row.id,
        submittedAt: Number(row.submitted_at),
        score: Number(row.score ?? 0),
        thesisTitle: row.title,
      })),
    };
  }

  /**
   * The caller's open attempt on this revision, or a fresh one on a published revision: a copy of
   * its document, owned by the caller, with no annotations. The revision's reference points are
   * frozen from the first attempt on.
   */
  async start(user: SessionUser, requestedId: number): Promise<PracticeAttemptDto> {
    const { repository, documents } = this.deps;
    const resumed = await repository.findOpenAttempt(requestedId, user.id);
    if (resumed) return toAttemptDto(resumed);
    let thesisId = requestedId;
    let thesis = await repository.findThesis(thesisId);
    // 再练一次 from the result of a withdrawn revision: practise the thesis as it is published now.
    if (thesis?.status === 'withdrawn') {
      const [current] = await repository.revisionsInStatus(thesis.series_id, 'published');
      if (current) {
        thesisId = current.id;
        thesis = await repository.findThesis(thesisId);
        const open = await repository.findOpenAttempt(thesisId, user.id);
        if (open) return toAttemptDto(open);
      }
    }
    // A draft is nobody's business but the admins'; for the others it does not exist.
    if (!thesis || (thesis.status === 'draft' && !isAdmin(user))) throw notFound('练习论文不存在');
    if (thesis.status !== 'published') throw conflict('该练习论文未发布或已撤回，不能开始练习');
    if (thesis.document_status !== 'ready') throw conflict('该练习论文的文档尚未处理完成');
    const documentId = await documents.copyReady(thesis.document_id, user.id, `批注练习-${thesis.title}.pdf`);
    let attemptId: number;
    try {
      attemptId = await repository.insertAttempt({ thesis_id: thesisId, user_id: user.id, document_id: documentId });
    } catch (error) {
      // Two tabs started at once: the unique open-attempt index kept one; resume it, and drop the
      // copy made for this start, which nothing refers to (issue 19 §3: no orphan per lost start).
      await repository.discardCopy(documentId, user.id);
      const raced = await repository.findOpenAttempt(thesisId, user.id);
      if (raced) return toAttemptDto(raced);
      throw error;
    }
    return toAttemptDto(await this.readable(user, attemptId));
  }

  async attempt(user: SessionUser, attemptId: number): Promise<PracticeAttemptDto> {
    return toAttemptDto(await this.readable(user, attemptId));
  }

  /**
   * Final: scores the attempt's annotations against the reference points and freezes both. Only
   * its author submits (an admin reads others' attempts but does not finish them).
   */
  async submit(user: SessionUser, attemptId: number, timeSpentMs?: number): Promise<PracticeResultDto> {
    const { repository, annotations, documents } = this.deps;
    const attempt = await this.readable(user, attemptId);
    if (attempt.user_id !== user.id) throw forbidden('只能提交自己的练习');
    if (attempt.status !== 'open') throw conflict('该练习已提交，不能重复提交');
    const mine = await annotations.list(user, attempt.document_id);
    if (mine.length > PRACTICE_SCORING.maxAttemptAnnotations) {
      throw conflict(`批注不能超过 ${PRACTICE_SCORING.maxAttemptAnnotations} 条，请删减后再提交`);
    }
    const [references, text] = await Promise.all([
      annotations.listUnchecked(attempt.reference_document_id),
      documents.text(user, attempt.document_id),
    ]);
    const doc = new DocumentText(text.pages.map((page) => page.text));
    const scored = scoreAttempt(
      mine.map((annotation) => toScored(annotation, doc)),
      references.map((annotation) => toScored(annotation, doc)),
    );
    const now = this.now();
    const wallClock = Math.max(0, now - Number(attempt.started_at));
    const submitted = await repository.transaction((trx) =>
      trx.submitAttempt(
        attemptId,
        {
          score: scored.score,
          precision: scored.precision,
          recall: scored.recall,
          f1: scored.f1,
          credit: scored.credit,
          time_spent_ms: timeSpentMs === undefined ? wallClock : Math.min(timeSpentMs, wallClock),
          reference_count: references.length,
          annotation_count: mine.length,
          submitted_at: now,
        },
        scored.references.map((point) => ({
          reference_annotation_id: point.id,
          outcome: point.outcome,
          credit: point.credit,
          matched_annotation_id: point.matchedAnnotationId,
          cover: point.cover,
        })),
      ),
    );
    if (!submitted) throw conflict('该练习已提交，不能重复提交');
    return this.result(user, attemptId);
  }

  /** A submitted attempt's result with the reference points; its author's or an admin's. */
  async result(user: SessionUser, attemptId: number): Promise<PracticeResultDto> {
    const { repository, annotations } = this.deps;
    const attempt = await this.readable(user, attemptId);
    if (attempt.status !== 'submitted') throw conflict('该练习尚未提交，提交后才能查看参考批注和得分');
    const [points, references, mine] = await Promise.all([
      repository.points(attemptId),
      annotations.listUnchecked(attempt.reference_document_id),
      annotations.listUnchecked(attempt.document_id),
    ]);
    return buildResult(attempt, points, references, mine);
  }

  /** 1040001 for an unknown attempt, 1030003 for another marker's (admins read every attempt). */
  private async readable(user: SessionUser, attemptId: number): Promise<PracticeAttemptRowData> {
    const attempt = await this.deps.repository.findAttempt(attemptId);
    if (!attempt) throw notFound('练习记录不存在');
    if (attempt.user_id !== user.id && !isAdmin(user)) throw forbidden('无权查看他人的练习');
    return attempt;
  }
}
