/**
 * Scoring an attempt against the reference points (docs/practice-scoring.md, adr/013). Pure
 * functions: regions in, matching and numbers out.
 *
 * The markup kinds (issue 24, adr/023): text marks (underline, strike-out, replace, insert) are
 * text regions and match by shared characters like highlights; drawn marks (pen, line, arrow,
 * ellipse) are boxes, their bounding box, and match by shared area like area boxes. The kind
 * itself never changes the credit: a point is found when the right place is marked with the right
 * category, whether the trainee struck the words out, suggested a replacement or highlighted them
 * (on paper one reviewer crosses out what another circles; the point is noticing it). Only the
 * category decides full or partial credit, as before.
 */
import { ANNOTATION_CATEGORIES, type AnnotationCategory } from '@zikao/contract/annotation';
import {
  PRACTICE_SCORING,
  type PracticeAnnotationOutcome,
  type PracticeCategoryResult,
  type PracticeReferenceOutcome,
} from '@zikao/contract/practice';

/** A rectangle on a page in PDF points, origin top-left (as the area selectors store it). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where an annotation lies: a range of the document's text (global UTF-16 offsets into the
 * concatenated page texts), a box on a page, a pin (a note or stamp placed at a spot), a whole
 * page (a page note), or nowhere (its text could not be anchored).
 */
export type Region =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'box'; page: number; rect: Rect }
  | { kind: 'pin'; page: number; rect: Rect }
  | { kind: 'page'; page: number }
  | { kind: 'none' };

export interface ScoredAnnotation {
  id: string;
  category: AnnotationCategory;
  region: Region;
}

/** How much of each other two regions cover: `cover` of the reference point, `focus` of the annotation. */
export interface Overlap {
  cover: number;
  focus: number;
}

const area = (rect: Rect) => Math.max(0, rect.width) * Math.max(0, rect.height);

function intersection(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

const centreInside = (pin: Rect, box: Rect) => {
  const x = pin.x + pin.width / 2;
  const y = pin.y + pin.height / 2;
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
};

/**
 * The overlap of an attempt annotation with a reference point, or null when they do not touch.
 * Text against text: shared characters. Box or pin against box or pin on the same page: shared
 * area, except that a pin placed inside a box covers it (a stamp marks the spot, not an area).
 * A page note against a page note on the same page covers it. Other pairs never overlap: a box
 * drawn over text does not find a text reference (the text is what was asked for).
 */
export function overlapOf(attempt: Region, reference: Region): Overlap | null {
  if (attempt.kind === 'text' && reference.kind === 'text') {
    const shared = Math.min(attempt.end, reference.end) - Math.max(attempt.start, reference.start);
    if (shared <= 0) return null;
    return { cover: shared / (reference.end - reference.start), focus: shared / (attempt.end - attempt.start) };
  }
  if (attempt.kind === 'page' && reference.kind === 'page') {
    return attempt.page === reference.page ? { cover: 1, focus: 1 } : null;
  }
  const placed = (region: Region) => region.kind === 'box' || region.kind === 'pin';
  if (!placed(attempt) || !placed(reference)) return null;
  const a = attempt as Extract<Region, { kind: 'box' | 'pin' }>;
  const r = reference as Extract<Region, { kind: 'box' | 'pin' }>;
  if (a.page !== r.page) return null;
  if (a.kind === 'pin' && r.kind === 'box') return centreInside(a.rect, r.rect) ? { cover: 1, focus: 1 } : null;
  if (a.kind === 'box' && r.kind === 'pin') return centreInside(r.rect, a.rect) ? { cover: 1, focus: 1 } : null;
  const shared = intersection(a.rect, r.rect);
  if (shared <= 0) return null;
  const referenceArea = area(r.rect);
  const attemptArea = area(a.rect);
  if (referenceArea === 0 || attemptArea === 0) return null;
  return { cover: shared / referenceArea, focus: shared / attemptArea };
}

/** Whether an overlap is enough for a match (PRACTICE_SCORING.coverMin and focusMin). */
export const isMatch = (overlap: Overlap | null): overlap is Overlap =>
  overlap !== null && overlap.cover >= PRACTICE_SCORING.coverMin && overlap.focus >= PRACTICE_SCORING.focusMin;

/** Credit for a matched pair: 1 with the same category, PRACTICE_SCORING.partialCredit otherwise. */
export const creditFor = (attempt: ScoredAnnotation, reference: ScoredAnnotation): number =>
  attempt.category === reference.category ? 1 : PRACTICE_SCORING.partialCredit;

/**
 * Among pairings with the most credit, prefer the better overlaps. Kept below the smallest credit
 * step (0.5) even summed over the largest attempt, so it can never trade credit for overlap.
 */
const TIE_BREAK = 0.5 / (PRACTICE_SCORING.maxAttemptAnnotations + PRACTICE_SCORING.maxReferencePoints + 1);

/**
 * A maximum-weight assignment (the Hungarian algorithm, O(n³)) on a rows × columns weight matrix
 * of non-negative weights; returns for each row its column or -1. Pairs of weight 0 stay unmatched.
 */
export function maximumWeightMatching(weights: readonly (readonly number[])[], columns: number): number[] {
  const rows = weights.length;
  const n = Math.max(rows, columns);
  if (n === 0) return [];
  let top = 0;
  for (const row of weights) for (const weight of row) top = Math.max(top, weight);
  // Minimise cost = top - weight on a square matrix padded with cost `top` (weight 0).
  const cost = (i: number, j: number) => top - (i < rows && j < columns ? (weights[i]?.[j] ?? 0) : 0);
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1); // p[j]: the row (1-based) assigned to column j
  const way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0] as number;
      let delta = Number.POSITIVE_INFINITY;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const current = cost(i0 - 1, j - 1) - (u[i0] as number) - (v[j] as number);
        if (current < (minv[j] as number)) {
          minv[j] = current;
          way[j] = j0;
        }
        if ((minv[j] as number) < delta) {
          delta = minv[j] as number;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j] as number] = (u[p[j] as number] as number) + delta;
          v[j] = (v[j] as number) - delta;
        } else {
          minv[j] = (minv[j] as number) - delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] as number;
      p[j0] = p[j1] as number;
      j0 = j1;
    } while (j0 !== 0);
  }
  const assignment = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = (p[j] as number) - 1;
    if (i < rows && j - 1 < columns && (weights[i]?.[j - 1] ?? 0) > 0) assignment[i] = j - 1;
  }
  return assignment;
}

export interface ReferenceScore {
  id: string;
  category: AnnotationCategory;
  outcome: PracticeReferenceOutcome;
  credit: number;
  matchedAnnotationId: string | null;
  cover: number;
}

export interface AnnotationScore {
  id: string;
  category: AnnotationCategory;
  outcome: PracticeAnnotationOutcome;
  matchedReferenceId: string | null;
}

export interface AttemptScore {
  credit: number;
  precision: number;
  recall: number;
  f1: number;
  /** round(100 × F1). */
  score: number;
  references: ReferenceScore[];
  annotations: AnnotationScore[];
  categories: PracticeCategoryResult[];
}

/**
 * Scores an attempt: every pair that overlaps enough may match; a maximum-weight one-to-one
 * matching (each annotation and each reference point used at most once) picks the pairs with the
 * most credit. Greedy pairing would not do: an annotation spanning two points could take the one
 * another annotation needed, and lose a point the attempt did find.
 */
export function scoreAttempt(
  attempt: readonly ScoredAnnotation[],
  reference: readonly ScoredAnnotation[],
): AttemptScore {
  const overlaps = attempt.map((a) => reference.map((r) => overlapOf(a.region, r.region)));
  const weights = attempt.map((a, i) =>
    reference.map((r, j) => {
      const overlap = overlaps[i]?.[j] ?? null;
      return isMatch(overlap) ? creditFor(a, r) + TIE_BREAK * ((overlap.cover + overlap.focus) / 2) : 0;
    }),
  );
  const assignment = maximumWeightMatching(weights, reference.length);
  const matchOfReference = new Map<number, number>();
  assignment.forEach((j, i) => {
    if (j >= 0) matchOfReference.set(j, i);
  });

  const references: ReferenceScore[] = reference.map((r, j) => {
    const i = matchOfReference.get(j);
    const a = i === undefined ? undefined : attempt[i];
    if (i === undefined || !a) {
      return { id: r.id, category: r.category, outcome: 'missed', credit: 0, matchedAnnotationId: null, cover: 0 };
    }
    const credit = creditFor(a, r);
    return {
      id: r.id,
      category: r.category,
      outcome: credit === 1 ? 'found' : 'partial',
      credit,
      matchedAnnotationId: a.id,
      cover: overlaps[i]?.[j]?.cover ?? 0,
    };
  });
  const annotations: AnnotationScore[] = attempt.map((a, i) => {
    const j = assignment[i] ?? -1;
    const r = j >= 0 ? reference[j] : undefined;
    if (!r) return { id: a.id, category: a.category, outcome: 'unmatched', matchedReferenceId: null };
    return {
      id: a.id,
      category: a.category,
      outcome: creditFor(a, r) === 1 ? 'matched' : 'partial',
      matchedReferenceId: r.id,
    };
  });

  const credit = references.reduce((sum, r) => sum + r.credit, 0);
  const precision = attempt.length > 0 ? credit / attempt.length : 0;
  const recall = reference.length > 0 ? credit / reference.length : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return {
    credit,
    precision,
    recall,
    f1,
    score: Math.round(100 * f1),
    references,
    annotations,
    categories: categoryTable(references, annotations),
  };
}

/** The per-category table: recall by the reference points' category, precision by the annotations'. */
export function categoryTable(references: readonly ReferenceScore[], annotations: readonly AnnotationScore[]) {
  const creditOfReference = new Map(references.map((r) => [r.id, r.credit]));
  const rows: PracticeCategoryResult[] = [];
  for (const { key } of ANNOTATION_CATEGORIES) {
    const refs = references.filter((r) => r.category === key);
    const mine = annotations.filter((a) => a.category === key);
    if (refs.length === 0 && mine.length === 0) continue;
    const recallCredit = refs.reduce((sum, r) => sum + r.credit, 0);
    const precisionCredit = mine.reduce(
      (sum, a) => sum + (a.matchedReferenceId ? (creditOfReference.get(a.matchedReferenceId) ?? 0) : 0),
      0,
    );
    rows.push({
      category: key,
      referenceCount: refs.length,
      found: refs.filter((r) => r.outcome === 'found').length,
      partial: refs.filter((r) => r.outcome === 'partial').length,
      missed: refs.filter((r) => r.outcome === 'missed').length,
      annotationCount: mine.length,
      precision: mine.length > 0 ? precisionCredit / mine.length : null,
      recall: refs.length > 0 ? recallCredit / refs.length : null,
    });
  }
  return rows;
}
