import {
  ANNOTATION_CATEGORIES,
  ANNOTATION_KIND_LABELS,
  ANNOTATION_SEVERITIES,
  type AnnotationCategory,
  type AnnotationKind,
  type AnnotationSeverity,
  type AnnotationStamp,
} from '@zikao/contract/annotation';
import type { Tone } from '../shared/components/tone.ts';

export const CATEGORY_BY_KEY = Object.fromEntries(ANNOTATION_CATEGORIES.map((c) => [c.key, c])) as Record<
  AnnotationCategory,
  (typeof ANNOTATION_CATEGORIES)[number]
>;

export const SEVERITY_LABEL = Object.fromEntries(ANNOTATION_SEVERITIES.map((s) => [s.key, s.label])) as Record<
  AnnotationSeverity,
  string
>;

/** Contrast-safe tones: antd's preset warning and error tags miss WCAG AA contrast. */
export const SEVERITY_TONE: Record<AnnotationSeverity, Tone> = { minor: 'grey', major: 'orange', critical: 'red' };

export const KIND_LABEL: Record<AnnotationKind, string> = ANNOTATION_KIND_LABELS;

export const STAMP_COLOR: Record<AnnotationStamp, string> = {
  '✓': '#389e0d',
  '✗': '#cf1322',
  '?': '#d48806',
  优: '#c41d7f',
};

export const STAMP_LABEL: Record<AnnotationStamp, string> = {
  '✓': '正确',
  '✗': '错误',
  '?': '存疑',
  优: '优秀',
};

/** A category colour as a translucent fill for highlights. */
export function fill(color: string, alpha = 0.32): string {
  const n = Number.parseInt(color.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
