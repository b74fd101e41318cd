import type { DocumentSummary } from '@zikao/contract/document';

const PDF_MIME = 'application/pdf';

/** Where the candidate's thesis file stands, as the submit panel shows it (issue 23 §4). */
export type DocumentStep =
  /** Nothing uploaded yet. */
  | { step: 'empty' }
  /** Sending, queued, converting or extracting: nothing to submit yet. */
  | { step: 'preparing'; word: boolean }
  /** A Word file whose PDF exists: the candidate checks it before submitting. */
  | { step: 'check'; documentId: number; pageCount: number }
  /** A PDF of the candidate's own, ready. */
  | { step: 'ready'; documentId: number }
  | { step: 'failed'; word: boolean; reason: string };

/** A Word file by its type on the server, or before the first status answer by its name. */
export function isWordFile(name: string | null, conversion: Pick<DocumentSummary, 'sourceMime'> | null): boolean {
  if (conversion?.sourceMime) return conversion.sourceMime !== PDF_MIME;
  return /\.docx?$/i.test(name ?? '');
}

/** The step of an upload (`useUploadAndConvert`'s state). */
export function documentStep(upload: {
  name: string | null;
  uploading: boolean;
  documentId: number | null;
  conversion: DocumentSummary | null;
}): DocumentStep {
  const word = isWordFile(upload.name, upload.conversion);
  if (upload.documentId === null) return upload.uploading ? { step: 'preparing', word } : { step: 'empty' };
  const conversion = upload.conversion;
  if (conversion?.status === 'failed') return { step: 'failed', word, reason: conversion.error || '文件无法处理' };
  if (conversion?.status !== 'ready') return { step: 'preparing', word };
  return word
    ? { step: 'check', documentId: upload.documentId, pageCount: conversion.pageCount }
    : { step: 'ready', documentId: upload.documentId };
}

/** Why the thesis file cannot be submitted yet, in the candidate's words, or null. */
export function documentBlocker(step: DocumentStep): string | null {
  switch (step.step) {
    case 'empty':
      return '请先上传论文文件';
    case 'preparing':
      return step.word ? 'Word 文档正在转换为 PDF，完成后请核对' : '论文文件正在处理，请稍候';
    case 'failed':
      return step.word ? '转换失败，请改为上传 PDF' : '文件处理失败，请重新上传';
    default:
      return null;
  }
}

/** Only a PDF, when the candidate chose to upload their own export instead of the conversion. */
export function refusedAsNotPdf(file: { name: string; type: string }): string | null {
  return file.type === PDF_MIME || /\.pdf$/i.test(file.name) ? null : '请上传 PDF 文件（在 Word 中选择“另存为 → PDF”）';
}
