import { z } from 'zod';
import { listQuerySchema } from './envelope.ts';
import { idSchema } from './numbers.ts';

/** Annotation categories with their colours (product.md). */
export const ANNOTATION_CATEGORIES = [
  { key: 'content', label: '内容', color: '#d4380d' },
  { key: 'structure', label: '结构', color: '#1677ff' },
  { key: 'language', label: '语言', color: '#389e0d' },
  { key: 'format', label: '格式', color: '#d48806' },
  { key: 'citation', label: '引用', color: '#722ed1' },
  { key: 'other', label: '其他', color: '#595959' },
] as const;
export type AnnotationCategory = (typeof ANNOTATION_CATEGORIES)[number]['key'];
export const CATEGORY_KEYS = ANNOTATION_CATEGORIES.map((c) => c.key) as [AnnotationCategory, ...AnnotationCategory[]];

export const ANNOTATION_SEVERITIES = [
  { key: 'minor', label: '提示' },
  { key: 'major', label: '一般' },
  { key: 'critical', label: '严重' },
] as const;
export type AnnotationSeverity = (typeof ANNOTATION_SEVERITIES)[number]['key'];
export const SEVERITY_KEYS = ANNOTATION_SEVERITIES.map((s) => s.key) as [AnnotationSeverity, ...AnnotationSeverity[]];

/** Text highlight with a comment, area box, page note, or stamp (✓ ✗ ? 优). */
export const ANNOTATION_KINDS = ['highlight', 'area', 'note', 'stamp'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
export const ANNOTATION_STAMPS = ['✓', '✗', '?', '优'] as const;
export type AnnotationStamp = (typeof ANNOTATION_STAMPS)[number];

export const COMMENT_MAX = 2000;

const selectorSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('TextQuoteSelector'),
    exact: z.string().min(1, '不能为空').max(5000, '过长'),
    prefix: z.string().max(200, '过长').optional(),
    suffix: z.string().max(200, '过长').optional(),
  }),
  z.object({
    type: z.literal('TextPositionSelector'),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('PageSelector'),
    index: z.number().int().min(0),
    endIndex: z.number().int().min(0).optional(),
    label: z.string().max(50).optional(),
  }),
  z.object({
    type: z.literal('FragmentSelector'),
    conformsTo: z.literal('http://tools.ietf.org/rfc/rfc3778'),
    value: z.string().regex(/^page=\d+(&viewrect=[\d.]+,[\d.]+,[\d.]+,[\d.]+)?$/, '格式不正确'),
  }),
]);

export const annotationInputSchema = z
  .object({
    id: z.string().uuid('须为 UUID'),
    kind: z.enum(ANNOTATION_KINDS, { error: '须为 highlight、area、note 或 stamp' }),
    category: z.enum(CATEGORY_KEYS, { error: '不是已知的批注类别' }),
    severity: z.enum(SEVERITY_KEYS, { error: '不是已知的严重程度' }),
    comment: z.string().max(COMMENT_MAX, `不能超过 ${COMMENT_MAX} 个字符`).default(''),
    stamp: z.enum(ANNOTATION_STAMPS, { error: '须为 ✓、✗、? 或 优' }).nullable().default(null),
    /** 0-based page where the annotation starts; lists sort by it. */
    pageIndex: z.number().int().min(0, '不能为负数').max(10_000),
    selectors: z.array(selectorSchema).min(1, '至少需要一个选择器').max(4, '过多'),
  })
  .superRefine((value, ctx) => {
    const types = new Set(value.selectors.map((selector) => selector.type));
    if (value.kind === 'highlight' && !types.has('TextQuoteSelector')) {
      ctx.addIssue({ code: 'custom', path: ['selectors'], message: '文字批注须包含 TextQuoteSelector' });
    }
    if ((value.kind === 'area' || value.kind === 'note' || value.kind === 'stamp') && !types.has('FragmentSelector')) {
      ctx.addIssue({ code: 'custom', path: ['selectors'], message: '区域、页面批注和印章须包含 FragmentSelector' });
    }
    if (value.kind === 'stamp' && !value.stamp)
      ctx.addIssue({ code: 'custom', path: ['stamp'], message: '印章批注须选择印章' });
    if ((value.kind === 'note' || value.kind === 'area') && value.comment.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: '不能为空' });
    }
  });
export type AnnotationInput = z.infer<typeof annotationInputSchema>;

export const saveAnnotationBodySchema = z.object({
  documentId: z.number({ error: '须为数字' }).int().positive(),
  annotation: annotationInputSchema,
  /** The revision this edit was made on; 0 for a new annotation. */
  baseRevision: z.number({ error: '须为数字' }).int().min(0),
});

export const annotationRefSchema = z.object({
  id: z.string().uuid('须为 UUID'),
  baseRevision: z.number({ error: '须为数字' }).int().min(0),
});

export const replyBodySchema = z.object({
  annotationId: z.string().uuid('须为 UUID'),
  comment: z.string().trim().min(1, '不能为空').max(COMMENT_MAX, `不能超过 ${COMMENT_MAX} 个字符`),
});

export const documentRefSchema = z.object({
  documentId: idSchema,
});

export interface AnnotationReplyDto {
  id: number;
  annotationId: string;
  authorId: number;
  authorName: string;
  authorRole: number;
  comment: string;
  createdAt: number;
}

/** A rectangle on a page, as fractions of the page's width and height from its top-left corner. */
export interface PageFraction {
  page: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where each annotation lands on the pages, as the annotated PDF draws it: its number in reading
 * order (the same as the PDF's markers and index), its page (null when its text is gone), and the
 * rectangles to highlight or outline.
 */
export interface AnnotationPlacement {
  annotationId: string;
  number: number;
  page: number | null;
  rects: PageFraction[];
}

export interface AnnotationDto {
  id: string;
  documentId: number;
  kind: AnnotationKind;
  category: AnnotationCategory;
  severity: AnnotationSeverity;
  comment: string;
  stamp: AnnotationStamp | null;
  pageIndex: number;
  selectors: AnnotationInput['selectors'];
  revision: number;
  authorId: number;
  authorName: string;
  createdAt: number;
  updatedAt: number;
  replies: AnnotationReplyDto[];
}

export const commentBankSaveSchema = z.object({
  id: z.number().int().positive().optional(),
  text: z.string().trim().min(1, '不能为空').max(500, '不能超过 500 个字符'),
  category: z.enum(CATEGORY_KEYS, { error: '不是已知的批注类别' }),
  /** Admins can offer an entry to every reviewer. */
  shared: z.boolean().default(false),
});

/** One comment bank entry (`ApiPath.commentBankDelete`, `commentBankUse`). */
export const commentBankRefSchema = z.object({ id: z.number({ error: '须为数字' }).int().positive() });

export interface CommentBankEntry {
  id: number;
  text: string;
  category: AnnotationCategory;
  shared: boolean;
  mine: boolean;
  useCount: number;
}

/** The console's shared comment bank (公共评语库, admin only); saving and deleting use `ApiPath.commentBankSave`/`commentBankDelete` with `shared: true`. */
export const SharedCommentBankPath = {
  /** `{page, pageSize, keyword?, category?}` → `{list, total, page, pageSize}` of shared entries, newest first. */
  list: '/v1/comment-bank/shared/list',
} as const;

export const sharedCommentBankListSchema = listQuerySchema.extend({
  category: z.enum(CATEGORY_KEYS, { error: '不是已知的批注类别' }).optional(),
});
/** The console's filters and page (the list has no export). */
export type SharedCommentBankQuery = Omit<z.infer<typeof sharedCommentBankListSchema>, 'export'>;

export interface SharedCommentBankEntry extends CommentBankEntry {
  createdAt: number;
  updatedAt: number;
}
