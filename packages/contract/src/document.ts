import { z } from 'zod';
import { UPLOAD_KINDS } from './auth.ts';
import { listQuerySchema } from './envelope.ts';
import { idSchema } from './numbers.ts';

/** One piece of a pdf.js text layer, as `getTextContent()` returns it. */
export interface TextLayerItem {
  str: string;
  hasEOL?: boolean;
}

/**
 * A page's text as both the server's extraction and the browser's text layer see it: the
 * items' strings in order, with a newline after each item that ends a line. Anchoring offsets
 * are offsets into this string, so both sides must build it the same way.
 */
export function pageTextFromItems(items: readonly TextLayerItem[]): string {
  let text = '';
  for (const item of items) {
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text;
}

export const DocumentStatus = {
  queued: 'queued',
  converting: 'converting',
  extracting: 'extracting',
  ready: 'ready',
  failed: 'failed',
} as const;
export type DocumentStatus = (typeof DocumentStatus)[keyof typeof DocumentStatus];

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  queued: '排队中',
  converting: '转换中',
  extracting: '提取文字',
  ready: '已就绪',
  failed: '处理失败',
};

export interface DocumentPage {
  pageNo: number;
  /** Page size in PDF points. */
  width: number;
  height: number;
  /** False for scanned pages with no text layer. */
  hasText: boolean;
  text: string;
  /**
   * The page's text runs, one per line piece: `[start, end, left, top, width]`, page-local offsets
   * and whole points from the page's top-left corner (`TextSpot` in @zikao/anchoring). They place a
   * text mark for numbering, so the workspace numbers marks as the annotated PDF does (issue 32
   * §1.1). Absent for structured text.
   */
  spots?: Array<readonly [number, number, number, number, number]>;
}

export interface DocumentSummary {
  id: number;
  name: string;
  status: DocumentStatus;
  /** 0–100. */
  progress: number;
  error: string;
  pageCount: number;
  sourceMime: string;
  createdAt: number;
}

export interface DocumentText {
  id: number;
  pages: DocumentPage[];
}

export const DOCUMENT_SORTS = ['createdAt', 'name', 'pageCount'] as const;

/** The document list (`ApiPath.documentList`): one's own documents, sorted and paged. */
export const documentListSchema = listQuerySchema.extend({
  sort: z.enum(DOCUMENT_SORTS, { error: '须为 createdAt、name 或 pageCount' }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: '须为 asc 或 desc' }).default('desc'),
});
/** The list screen's sort and page (the list has no export). */
export type DocumentListQuery = Omit<z.infer<typeof documentListSchema>, 'export'>;

/** The review PDF (`/v1/document/file/:id`), read by pdf.js in byte ranges. */
export const documentFileSchema = z.object({
  id: idSchema,
});

/** What a thesis attachment may be (by content, not by name), as told to the person uploading it. */
export const ATTACHMENT_TYPES_TEXT =
  '仅支持 PDF、Word、Excel（.xlsx）、CSV、图片（PNG、JPG、GIF、WEBP）和 ZIP 压缩包（按文件内容识别）';

/** The upload form's text fields (`ApiPath.upload`, multipart); the file part is `file`. */
export const uploadFieldsSchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: '须为 document、attachment 或 report' }).default('document'),
});
