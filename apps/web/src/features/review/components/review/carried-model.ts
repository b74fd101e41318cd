import type { CarriedAnnotationDto, CarryStatus, SubmissionDetail } from '@zikao/contract/review';

/**
 * The detail with one carried point replaced wholly by the server's answer (after 确认位置 or 忽略:
 * its status, page and candidates change), its counts recounted.
 */
export function withCarried(detail: SubmissionDetail, saved: CarriedAnnotationDto): SubmissionDetail {
  if (!detail.carried) return detail;
  const items = detail.carried.items.map((item) => (item.id === saved.id ? saved : item));
  const counts: Record<CarryStatus, number> = { found: 0, moved: 0, orphaned: 0, unverified: 0 };
  for (const item of items) counts[item.status] = (counts[item.status] ?? 0) + 1;
  return {
    ...detail,
    carried: { ...detail.carried, items, counts, addressed: items.filter((item) => item.addressed === true).length },
  };
}

/** A candidate's match in words: 原文一致 for the quote word for word, else its percentage. */
export function candidateMatch(candidate: { exact: boolean; confidence: number }): string {
  return candidate.exact ? '原文一致' : `相似度 ${Math.round(candidate.confidence * 100)}%`;
}

/**
 * The carried points in the workspace's numbering (issue 32 §1.1), each with its number: the same
 * #N as the 批注 tab, the print view and the annotated PDF, 原文已删除 after the placed ones. Points
 * the workspace has not numbered yet keep the server's order, after the numbered ones.
 */
export function carriedInOrder(
  items: readonly CarriedAnnotationDto[],
  numbers: ReadonlyMap<string, number>,
): Array<{ item: CarriedAnnotationDto; number: number | null }> {
  const numbered = items.map((item, index) => ({ item, number: numbers.get(item.id) ?? null, index }));
  numbered.sort(
    (a, b) => (a.number ?? Number.MAX_SAFE_INTEGER) - (b.number ?? Number.MAX_SAFE_INTEGER) || a.index - b.index,
  );
  return numbered.map(({ item, number }) => ({ item, number }));
}
