import { type AnnotationCollection, type ExportableAnnotation, toAnnotationCollection } from '@zikao/anchoring';
import {
  ANNOTATION_CATEGORIES,
  ANNOTATION_SEVERITIES,
  type AnnotationDto,
  type AnnotationPlacement,
} from '@zikao/contract';
import type { AnnotatedPdfVariant } from '@zikao/contract/endpoints/documents';
import type { AccessService } from '../../access/access.service.ts';
import { notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { DocumentRepository } from '../document/document.repository.ts';
import type { ItemBox } from '../document/pdf-worker.ts';
import { isStructuredText } from '../document/structured-document.ts';
import { type PageGeometry, place } from './annotated-pdf.ts';
import type { AnnotatedPdfQueue } from './annotated-pdf-queue.ts';
import type { AnnotationService } from './annotation.service.ts';

/** The document name without its extension, for download file names. */
const baseName = (name: string) => name.replace(/\.(pdf|docx?)$/i, '');

/**
 * One annotation in the exporter's terms. The kind, the suggestion (replace / insert) and a drawn
 * mark's strokes go with it; `pageSizes` (PDF points) size a drawn mark's SVG to its page.
 */
function toExportable(
  documentId: number,
  annotation: AnnotationDto,
  pageSizes: ReadonlyArray<{ width: number; height: number }> = [],
): ExportableAnnotation {
  const pageSize = annotation.shape ? pageSizes[annotation.pageIndex] : undefined;
  return {
    id: annotation.id,
    source: `urn:zikao:document:${documentId}`,
    selectors: annotation.selectors,
    kind: annotation.kind,
    ...(annotation.suggestion ? { suggestion: annotation.suggestion } : {}),
    ...(annotation.shape ? { shape: annotation.shape } : {}),
    ...(pageSize && pageSize.width > 0 && pageSize.height > 0
      ? { pageSize: { width: pageSize.width, height: pageSize.height } }
      : {}),
    comment: annotation.comment,
    category: ANNOTATION_CATEGORIES.find((c) => c.key === annotation.category)?.label ?? annotation.category,
    severity: ANNOTATION_SEVERITIES.find((s) => s.key === annotation.severity)?.label ?? annotation.severity,
    ...(annotation.stamp ? { stamp: annotation.stamp } : {}),
    creator: { id: `urn:zikao:user:${annotation.authorId}`, type: 'Person', name: annotation.authorName },
    created: annotation.createdAt,
    modified: annotation.updatedAt,
    replies: annotation.replies.map((reply) => ({
      id: `${annotation.id}-reply-${reply.id}`,
      comment: reply.comment,
      creator: { id: `urn:zikao:user:${reply.authorId}`, type: 'Person', name: reply.authorName },
      created: reply.createdAt,
    })),
  };
}

interface ExporterDeps {
  annotations: AnnotationService;
  documents: DocumentRepository;
  storage: FileStorage;
  access: AccessService;
  /** Where the annotated PDF is built: worker threads, a few at a time (issue 32 §4.3). */
  pdfQueue: AnnotatedPdfQueue;
}

/** Downloads of a document's annotations: W3C JSON-LD, and the annotated PDF. */
export class AnnotationExporter {
  private readonly deps: ExporterDeps;

  constructor(deps: ExporterDeps) {
    this.deps = deps;
  }

  async jsonLd(user: SessionUser, documentId: number): Promise<{ fileName: string; body: AnnotationCollection }> {
    const annotations = await this.deps.annotations.list(user, documentId);
    const document = await this.deps.documents.findById(documentId);
    const name = baseName(document ? await this.deps.access.documentName(user, document) : '论文');
    // Drawn marks are drawn in their page's own size (an SVG in PDF points).
    const pageSizes = annotations.some((annotation) => annotation.shape)
      ? await this.deps.documents.pages(documentId)
      : [];
    const body = toAnnotationCollection(
      annotations.map((annotation) => toExportable(documentId, annotation, pageSizes)),
      `${name}的批注`,
      { id: `urn:zikao:document:${documentId}:annotations`, language: 'zh-CN' },
    );
    return { fileName: `${name}-批注.jsonld`, body };
  }

  async pdf(
    user: SessionUser,
    documentId: number,
    variant: AnnotatedPdfVariant = 'annotated',
  ): Promise<{ fileName: string; body: Uint8Array }> {
    const annotations = await this.deps.annotations.list(user, documentId);
    const document = await this.deps.documents.findById(documentId);
    if (document && isStructuredText(document)) {
      throw notFound('该文档是填写的文字内容，没有 PDF 文件，无法生成批注版 PDF');
    }
    if (document?.status !== 'ready' || !document.pdf_sha256) throw notFound('文档尚未处理完成');
    const name = baseName(await this.deps.access.documentName(user, document));
    const pages = await this.deps.documents.pages(documentId);
    const file = await this.deps.storage.localPath(document.pdf_sha256);
    try {
      const body = await this.deps.pdfQueue.build({ file: file.path, pages, annotations, title: name, variant });
      return { fileName: `${name}-${variant === 'print' ? '打印版' : '批注版'}.pdf`, body };
    } finally {
      await file.release();
    }
  }

  /**
   * Where the annotated PDF puts each annotation, for the print view: the same numbers, pages and
   * rectangles, as fractions of the page from its top-left corner (PDF y grows upwards).
   */
  async placement(user: SessionUser, documentId: number): Promise<AnnotationPlacement[]> {
    const annotations = await this.deps.annotations.list(user, documentId);
    const document = await this.deps.documents.findById(documentId);
    if (document?.status !== 'ready' || isStructuredText(document)) return [];
    const geometry = await this.geometry(documentId);
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    return place(annotations, geometry).map((item) => ({
      annotationId: item.annotation.id,
      number: item.number,
      page: item.page,
      rects: item.rects.flatMap(({ page, x, y, width, height }) => {
        const size = geometry[page];
        if (!size || size.width <= 0 || size.height <= 0) return [];
        const left = clamp(x / size.width);
        const top = clamp(1 - (y + height) / size.height);
        return [
          {
            page,
            left,
            top,
            width: clamp(x / size.width + width / size.width) - left,
            height: clamp(1 - y / size.height) - top,
          },
        ];
      }),
    }));
  }

  private async geometry(documentId: number): Promise<PageGeometry[]> {
    const pages = await this.deps.documents.pages(documentId);
    return pages.map((page) => ({
      width: page.width,
      height: page.height,
      text: page.text,
      boxes: JSON.parse(page.geometry_json) as ItemBox[],
    }));
  }
}
