import type { AnnotationDto } from '@zikao/contract/annotation';
import {
  type ConsolePracticeThesisDto,
  PRACTICE_SCORING,
  type PracticeAttemptDto,
  type PracticeAttemptRow,
  type PracticeResultDto,
} from '@zikao/contract/practice';
import type { PointRow, PracticeAttemptRowData, PracticeRepository, PracticeThesisRow } from './practice.repository.ts';
import { type AnnotationScore, categoryTable, type ReferenceScore } from './scoring.ts';

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}

/** Lower-cased title, major and tags: what the keyword searches. */
export const searchTextOf = (input: { title: string; majorName: string; tags: readonly string[] }) =>
  [input.title, input.majorName, ...input.tags].join(' ').toLowerCase();

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Averages shown with one decimal. */
export const oneDecimal = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10) / 10;

export function toConsoleThesis(row: NonNullable<PracticeThesisRow>): ConsolePracticeThesisDto {
  const attemptCount = Number(row.attempt_count ?? 0);
  return {
    id: row.id,
    seriesId: row.series_id,
    revision: row.revision,
    previousId: row.previous_id,
    latest: Number(row.latest_revision) === row.revision,
    title: row.title,
    majorName: row.major_name,
    difficulty: row.difficulty,
    tags: parseTags(row.tags_json),
    description: row.description,
    status: row.status,
    documentId: row.document_id,
    documentStatus: row.document_status,
    pageCount: row.page_count,
    referenceCount: Number(row.reference_count ?? 0),
    attemptCount,
    submittedCount: Number(row.submitted_count ?? 0),
    averageScore: oneDecimal(numberOrNull(row.average_score)),
    locked: row.locked === 1 || attemptCount > 0,
    creatorName: row.creator_name,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    publishedAt: numberOrNull(row.published_at),
  };
}

export function toAttemptDto(row: PracticeAttemptRowData): PracticeAttemptDto {
  return {
    id: row.id,
    thesisId: row.thesis_id,
    thesisTitle: row.title,
    majorName: row.major_name,
    difficulty: row.difficulty,
    tags: parseTags(row.tags_json),
    description: row.description,
    revision: row.revision,
    documentId: row.document_id,
    status: row.status,
    userId: row.user_id,
    userName: row.user_name,
    startedAt: Number(row.started_at),
    submittedAt: numberOrNull(row.submitted_at),
    annotationLimit: PRACTICE_SCORING.maxAttemptAnnotations,
  };
}

type ListedAttempt = Awaited<ReturnType<PracticeRepository['listAttempts']>>['rows'][number];

export function toAttemptRow(row: ListedAttempt | PracticeAttemptRowData): PracticeAttemptRow {
  return {
    id: row.id,
    thesisId: row.thesis_id,
    thesisTitle: row.title,
    revision: row.revision,
    difficulty: row.difficulty,
    userId: row.user_id,
    userName: row.user_name,
    startedAt: Number(row.started_at),
    submittedAt: Number(row.submitted_at ?? 0),
    timeSpentMs: Number(row.time_spent_ms),
    score: Number(row.score ?? 0),
    precision: Number(row.precision ?? 0),
    recall: Number(row.recall ?? 0),
    f1: Number(row.f1 ?? 0),
    referenceCount: Number(row.reference_count),
    annotationCount: Number(row.annotation_count),
  };
}

/**
 * The result page's data: the stored outcome of each reference point (written at submit), the
 * attempt's annotations with the point each matched, and the per-category table.
 */
export function buildResult(
  attempt: PracticeAttemptRowData,
  points: readonly PointRow[],
  references: readonly AnnotationDto[],
  annotations: readonly AnnotationDto[],
): PracticeResultDto {
  const pointOf = new Map(points.map((point) => [point.reference_annotation_id, point]));
  const referenceScores: ReferenceScore[] = [];
  const referenceResults: PracticeResultDto['references'] = [];
  for (const annotation of references) {
    const point = pointOf.get(annotation.id);
    if (!point) continue;
    referenceScores.push({
      id: annotation.id,
      category: annotation.category,
      outcome: point.outcome,
      credit: Number(point.credit),
      matchedAnnotationId: point.matched_annotation_id,
      cover: Number(point.cover),
    });
    referenceResults.push({
      annotation,
      outcome: point.outcome,
      credit: Number(point.credit),
      matchedAnnotationId: point.matched_annotation_id,
      cover: Number(point.cover),
    });
  }
  const matchedBy = new Map(
    points
      .filter((point) => point.matched_annotation_id !== null)
      .map((point) => [point.matched_annotation_id as string, point]),
  );
  const annotationScores: AnnotationScore[] = annotations.map((annotation) => {
    const point = matchedBy.get(annotation.id);
    return {
      id: annotation.id,
      category: annotation.category,
      outcome: !point ? 'unmatched' : point.outcome === 'found' ? 'matched' : 'partial',
      matchedReferenceId: point?.reference_annotation_id ?? null,
    };
  });
  return {
    attempt: { ...toAttemptRow(attempt), documentId: attempt.document_id },
    credit: Number(attempt.credit ?? 0),
    references: referenceResults,
    annotations: annotations.map((annotation, i) => {
      const score = annotationScores[i] as AnnotationScore;
      return { annotation, outcome: score.outcome, matchedReferenceId: score.matchedReferenceId };
    }),
    categories: categoryTable(referenceScores, annotationScores),
    rules: PRACTICE_SCORING,
  };
}
