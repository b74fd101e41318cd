import { DOCUMENT_STATUS_LABELS, type DocumentPage, type DocumentStatus } from '@zikao/contract/document';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { takeDocumentFetch } from './document-prefetch.ts';
import { documentLoadMessage } from './failure.ts';
import type { PdfJs } from './pdf-loader.ts';
import type { WorkspaceApi } from './workspace-api.ts';

export interface DocumentSource {
  pages: DocumentPage[] | null;
  sizes: Array<{ width: number; height: number }>;
  pdfjs: PdfJs | null;
  pdf: PDFDocumentProxy | null;
  /** Set while the server still converts or extracts the document. */
  status: DocumentStatus | null;
  statusText: string;
  error: string | null;
}

const EMPTY: DocumentSource = {
  pages: null,
  sizes: [],
  pdfjs: null,
  pdf: null,
  status: null,
  statusText: '',
  error: null,
};

const POLL_MS = 1500;

/**
 * The page texts and sizes from the server, and the PDF by range requests, fetched side by side.
 * In structured-text mode the fields are the pages and no PDF is loaded.
 */
export function useDocumentSource(
  api: WorkspaceApi,
  documentId: number,
  fields?: ReadonlyArray<{ text: string }>,
): DocumentSource {
  const [source, setSource] = useState<DocumentSource>(EMPTY);
  const fieldKey = fields ? JSON.stringify(fields.map((field) => field.text)) : null;

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pdf: PDFDocumentProxy | null = null;
    // A failure seen while the document reads as ready is tried once more with a fresh fetch: the
    // PDF may have been asked for a moment before it was ready, and its page texts a moment after.
    let retriedWhenReady = false;
    setSource(EMPTY);
    if (fieldKey !== null) {
      const texts = JSON.parse(fieldKey) as string[];
      setSource({
        ...EMPTY,
        pages: texts.map((text, index) => ({ pageNo: index + 1, width: 0, height: 0, hasText: true, text })),
      });
      return;
    }

    async function open(): Promise<void> {
      const fetched = takeDocumentFetch(api, documentId);
      const pdfPromise = fetched.pdf;
      let text: Awaited<ReturnType<WorkspaceApi['documentText']>>;
      let opened: Awaited<typeof pdfPromise>;
      try {
        text = await fetched.text;
        opened = await pdfPromise;
      } catch (error) {
        // A PDF that opened beside page texts that failed is not kept.
        void pdfPromise.then(([, loaded]) => loaded.destroy()).catch(() => {});
        if (cancelled) return;
        await waitUntilReady(error);
        return;
      }
      const [pdfjs, loaded] = opened;
      pdf = loaded;
      if (cancelled) {
        void loaded.destroy();
        return;
      }
      setSource({
        ...EMPTY,
        pages: text.pages,
        sizes: text.pages.map((page) => ({ width: page.width || 595, height: page.height || 842 })),
        pdfjs,
        pdf: loaded,
      });
    }

    async function waitUntilReady(cause: unknown): Promise<void> {
      try {
        const summary = await api.documentStatus(documentId);
        if (cancelled) return;
        if (summary.status === 'ready') {
          if (retriedWhenReady) {
            setSource({ ...EMPTY, error: documentLoadMessage(cause) });
            return;
          }
          retriedWhenReady = true;
          await open();
          return;
        }
        setSource({
          ...EMPTY,
          status: summary.status,
          statusText:
            summary.status === 'failed'
              ? summary.error || '文档无法转换'
              : `${DOCUMENT_STATUS_LABELS[summary.status]}，${summary.progress}%`,
        });
        if (summary.status !== 'failed') timer = setTimeout(() => void open().catch(fail), POLL_MS);
      } catch (error) {
        fail(error);
      }
    }

    function fail(error: unknown) {
      if (cancelled) return;
      setSource({ ...EMPTY, error: documentLoadMessage(error) });
    }

    void open().catch(fail);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      void pdf?.destroy();
    };
  }, [api, documentId, fieldKey]);

  return source;
}
