import { type RubricItem, VERDICT_LABELS } from '@zikao/contract/review';
import { createContext, useContext } from 'react';
import type { ReviewFormValues } from '../review/review-form-model.ts';

/**
 * An expert's review typed on a link page, kept in this browser as it is typed (issue 32 §1.5):
 * a link revoked (or run out) while the page is open replaces the page, and what was typed must
 * not go with it. Keyed by the link and the submission; cleared once the review is submitted.
 */
export interface LinkDraft {
  values: ReviewFormValues;
  /** When it was last typed, epoch ms. */
  at: number;
}

const PREFIX = 'zikao_link_draft';

/** The storage key of a link page's draft; null without a link id. */
export function linkDraftKey(lid: string | null, submissionId: number | null): string | null {
  return lid && submissionId !== null ? `${PREFIX}:${lid}:${submissionId}` : null;
}

export function readLinkDraft(key: string | null): LinkDraft | null {
  if (!key) return null;
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? 'null') as LinkDraft | null;
    return parsed && typeof parsed.at === 'number' && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

export function writeLinkDraft(key: string, values: ReviewFormValues, at: number): void {
  try {
    localStorage.setItem(key, JSON.stringify({ values, at } satisfies LinkDraft));
  } catch {
    // A full or blocked storage keeps nothing; the form itself still works.
  }
}

export function clearLinkDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}

/** Whether a draft holds anything the expert typed. */
export function draftHasContent(values: ReviewFormValues): boolean {
  return (
    values.verdict !== null ||
    values.score !== null ||
    values.plagiarismRate !== null ||
    values.comment.trim() !== '' ||
    Object.keys(values.rubric).length > 0
  );
}

/** The draft as plain text, to read and copy: verdict, score, rubric, plagiarism rate, comment. */
export function draftText(values: ReviewFormValues, rubric: readonly Pick<RubricItem, 'key' | 'label'>[] = []): string {
  const lines: string[] = [];
  if (values.verdict) lines.push(`评阅结论：${VERDICT_LABELS[values.verdict]}`);
  if (values.score !== null) lines.push(`成绩：${values.score} 分`);
  const scored = Object.entries(values.rubric);
  if (scored.length > 0) {
    lines.push('评分表：');
    for (const [key, points] of scored) {
      lines.push(`  ${rubric.find((item) => item.key === key)?.label ?? key}：${points} 分`);
    }
  }
  if (values.plagiarismRate !== null) lines.push(`查重率：${values.plagiarismRate}%`);
  if (values.comment.trim()) lines.push('评阅意见：', values.comment);
  return lines.join('\n');
}

/** The draft key of the link page around a review form; null on the reviewer's own screens. */
export const LinkDraftContext = createContext<string | null>(null);

export const useLinkDraftKey = (): string | null => useContext(LinkDraftContext);
