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

/**
 * What a mark is (issue 24). Text marks (highlight, underline, strike-out, replace, insert) are
 * anchored on the words by a TextQuoteSelector; page marks (area box, page note, stamp) and drawn
 * marks (pen, line, arrow, ellipse) by a page FragmentSelector whose viewrect bounds them.
 */
export const ANNOTATION_KINDS = [
  'highlight',
  'area',
  'note',
  'stamp',
  'underline',
  'strikeout',
  'replace',
  'insert',
  'pen',
  'line',
  'arrow',
  'ellipse',
] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/** Marks on the words: anchored by their quote, carried over like highlights. */
export const TEXT_MARK_KINDS = [
  'highlight',
  'underline',
  'strikeout',
  'replace',
  'insert',
] as const satisfies readonly AnnotationKind[];
export type TextMarkKind = (typeof TEXT_MARK_KINDS)[number];
/** Marks drawn on the page with a colour and a width: `shape` holds their strokes. */
export const DRAWN_KINDS = ['pen', 'line', 'arrow', 'ellipse'] as const satisfies readonly AnnotationKind[];
export type DrawnKind = (typeof DRAWN_KINDS)[number];
/** Suggestions carry the suggested wording in `suggestion` (原文 → 建议). */
export const SUGGESTION_KINDS = ['replace', 'insert'] as const satisfies readonly AnnotationKind[];
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export const ANNOTATION_KIND_LABELS: Record<AnnotationKind, string> = {
  highlight: '文字批注',
  area: '区域批注',
  note: '页面批注',
  stamp: '印章',
  underline: '下划线',
  strikeout: '删除建议',
  replace: '修改建议',
  insert: '插入建议',
  pen: '画笔',
  line: '直线',
  arrow: '箭头',
  ellipse: '椭圆',
};

export function isTextMark(kind: AnnotationKind): kind is TextMarkKind {
  return (TEXT_MARK_KINDS as readonly AnnotationKind[]).includes(kind);
}
export function isDrawnMark(kind: AnnotationKind): kind is DrawnKind {
  return (DRAWN_KINDS as readonly AnnotationKind[]).includes(kind);
}
export function isSuggestion(kind: AnnotationKind): kind is SuggestionKind {
  return kind === 'replace' || kind === 'insert';
}

/** The pen colours a reviewer picks from (red first, as on paper). */
export const SHAPE_COLORS = [
  { key: '#cf1322', label: '红' },
  { key: '#1677ff', label: '蓝' },
  { key: '#389e0d', label: '绿' },
  { key: '#d48806', label: '橙' },
  { key: '#722ed1', label: '紫' },
  { key: '#262626', label: '黑' },
] as const;
/** Stroke width in PDF points (1/72 inch) at 100 %, as the annotated PDF's /BS /W. */
export const SHAPE_WIDTH_MIN = 0.5;
export const SHAPE_WIDTH_MAX = 12;
export const SHAPE_WIDTH_DEFAULT = 2;
export const SHAPE_MAX_STROKES = 50;
export const SHAPE_MAX_POINTS = 5000;
export const SUGGESTION_MAX = 2000;

/**
 * How many live marks a document may hold, and one page of it (issue 32 §4.3, adr/022). A heavy
 * reviewer makes a few hundred marks on a thesis; the caps bound what the annotated PDF must draw.
 * A save past either is refused with 1080001 and {@link annotationLimitMessage}.
 */
export const ANNOTATION_LIMITS = { perDocument: 2000, perPage: 200 } as const;

/** What a reviewer is told when a new mark would pass a cap; `page` is 0-based. */
export function annotationLimitMessage(limit: 'document' | 'page', page = 0): string {
  return limit === 'document'
    ? `本文档的批注已达上限（${ANNOTATION_LIMITS.perDocument} 条），请删除不再需要的批注后再添加`
    : `第 ${page + 1} 页的批注已达上限（每页 ${ANNOTATION_LIMITS.perPage} 条），请删除不再需要的批注后再添加`;
}

/** Whether a 1080001 refusal is a cap's ({@link annotationLimitMessage}) rather than a stale revision. */
export const isAnnotationLimitMessage = (message: string): boolean => message.includes('的批注已达上限');

/**
 * A drawn mark's geometry. Points are [x, y] or [x, y, pressure], x and y as fractions of the
 * page's width and height from its top-left corner, pressure 0–1 where the device reports it.
 * pen: one or more strokes; line and arrow: one stroke of two points (the arrow's head at the
 * second); ellipse: one stroke of two points, opposite corners of its bounding box.
 */
export const shapeSchema = z
  .object({
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, '须为 #RRGGBB 颜色'),
    width: z
      .number({ error: '须为数字' })
      .min(SHAPE_WIDTH_MIN, `不能小于 ${SHAPE_WIDTH_MIN}`)
      .max(SHAPE_WIDTH_MAX, `不能大于 ${SHAPE_WIDTH_MAX}`),
    strokes: z
      .array(
        z
          .array(z.array(z.number().min(0, '须在 0 到 1 之间').max(1, '须在 0 到 1 之间')).min(2).max(3))
          .min(1, '笔画至少需要一个点'),
      )
      .min(1, '至少需要一笔')
      .max(SHAPE_MAX_STROKES, `不能超过 ${SHAPE_MAX_STROKES} 笔`),
  })
  .refine((shape) => shape.strokes.reduce((sum, stroke) => sum + stroke.length, 0) <= SHAPE_MAX_POINTS, {
    message: `笔画点数不能超过 ${SHAPE_MAX_POINTS}`,
    path: ['strokes'],
  });
export type AnnotationShape = z.infer<typeof shapeSchema>;
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
    index: z.number().int().min(0).max(10_000),
    endIndex: z.number().int().min(0).max(10_000).optional(),
    label: z.string().max(50).optional(),
  }),
  z.object({
    type: z.literal('FragmentSelector'),
    conformsTo: z.literal('http://tools.ietf.org/rfc/rfc3778'),
    // A page from 1 (RFC 3778) and four lengths in PDF points: left, top, width, height.
    value: z
      .string()
      .regex(/^page=[1-9]\d{0,4}(&viewrect=\d{1,6}(\.\d{1,6})?(,\d{1,6}(\.\d{1,6})?){3})?$/, '格式不正确'),
  }),
]);

export const annotationInputSchema = z
  .object({
    id: z.string().uuid('须为 UUID'),
    kind: z.enum(ANNOTATION_KINDS, { error: `须为 ${ANNOTATION_KINDS.join('、')} 之一` }),
    category: z.enum(CATEGORY_KEYS, { error: '不是已知的批注类别' }),
    severity: z.enum(SEVERITY_KEYS, { error: '不是已知的严重程度' }),
    comment: z.string().max(COMMENT_MAX, `不能超过 ${COMMENT_MAX} 个字符`).default(''),
    stamp: z.enum(ANNOTATION_STAMPS, { error: '须为 ✓、✗、? 或 优' }).nullable().default(null),
    /** 0-based page where the annotation starts; lists sort by it. */
    pageIndex: z.number().int().min(0, '不能为负数').max(10_000),
    selectors: z.array(selectorSchema).min(1, '至少需要一个选择器').max(4, '过多'),
    /**
     * replace: the wording to put in place of the quoted text; insert: the text to insert after
     * the quoted text (the caret sits at the end of `exact`). Null for every other kind.
     */
    suggestion: z.string().max(SUGGESTION_MAX, `不能超过 ${SUGGESTION_MAX} 个字符`).nullable().optional(),
    /** A drawn mark's strokes, colour and width; null for every other kind. */
    shape: shapeSchema.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const types = new Set(value.selectors.map((selector) => selector.type));
    if (isTextMark(value.kind) && !types.has('TextQuoteSelector')) {
      ctx.addIssue({ code: 'custom', path: ['selectors'], message: '文字批注须包含 TextQuoteSelector' });
    }
    if (!isTextMark(value.kind) && !types.has('FragmentSelector')) {
      ctx.addIssue({
        code: 'custom',
        path: ['selectors'],
        message: '区域、页面批注、印章和绘制批注须包含 FragmentSelector',
      });
    }
    if (isSuggestion(value.kind) && !value.suggestion?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['suggestion'],
        message: value.kind === 'replace' ? '请填写修改后的文字' : '请填写要插入的文字',
      });
    }
    if (!isSuggestion(value.kind) && value.suggestion != null) {
      ctx.addIssue({ code: 'custom', path: ['suggestion'], message: '只有修改建议和插入建议可以填写建议文字' });
    }
    if (isDrawnMark(value.kind)) {
      const shape = value.shape;
      if (!shape) ctx.addIssue({ code: 'custom', path: ['shape'], message: '绘制批注须包含笔画' });
      else if (value.kind !== 'pen' && (shape.strokes.length !== 1 || shape.strokes[0]?.length !== 2)) {
        ctx.addIssue({ code: 'custom', path: ['shape'], message: '直线、箭头和椭圆须为一笔两点' });
      }
    } else if (value.shape != null) {
      ctx.addIssue({ code: 'custom', path: ['shape'], message: '只有绘制批注可以包含笔画' });
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
  /** replace / insert: the suggested wording (issue 24); absent or null otherwise. */
  suggestion?: string | null;
  /** pen / line / arrow / ellipse: the strokes (issue 24); absent or null otherwise. */
  shape?: AnnotationShape | null;
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
