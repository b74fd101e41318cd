import {
  ANNOTATION_CATEGORIES,
  ANNOTATION_KIND_LABELS,
  ANNOTATION_SEVERITIES,
  type AnnotationDto,
} from '@zikao/contract';
import {
  drawObject,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { MarkPart } from './pdf-appearance.ts';
import type { UserRect } from './pdf-page-frame.ts';

/** Annotation flags (ISO 32000-1 §12.5.3): Print; replies add NoZoom and NoRotate, as Acrobat writes them. */
const PRINT = 4;
const REPLY_FLAGS = 4 | 8 | 16;

/** Text that readers must show as written: UTF-16BE with a byte-order mark, as a hex string. */
export const pdfText = (text: string) => PDFHexString.fromText(text);

/**
 * The comment as the reader's comment pane shows it: the suggestion first (修改为 / 插入), then the
 * reviewer's words, then the marker number, category and severity that tie it to the index.
 */
export function commentText(annotation: AnnotationDto, number: number): string {
  const lines: string[] = [];
  if (annotation.kind === 'replace') lines.push(`修改为：${annotation.suggestion ?? ''}`);
  if (annotation.kind === 'insert') lines.push(`插入：${annotation.suggestion ?? ''}`);
  if (annotation.kind === 'strikeout') lines.push('建议删除');
  if (annotation.kind === 'stamp' && annotation.stamp) lines.push(`印章 ${annotation.stamp}`);
  if (annotation.comment) lines.push(annotation.comment);
  const category = ANNOTATION_CATEGORIES.find((c) => c.key === annotation.category)?.label ?? annotation.category;
  const severity = ANNOTATION_SEVERITIES.find((s) => s.key === annotation.severity)?.label ?? annotation.severity;
  lines.push(`〔批注 ${number} · ${category} · ${severity} · ${ANNOTATION_KIND_LABELS[annotation.kind]}〕`);
  return lines.join('\n');
}

const rectArray = (rect: UserRect) => [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height];

/** The part's appearance as a form XObject whose BBox is its Rect (operators are in user space). */
function appearanceForm(pdf: PDFDocument, part: MarkPart, font: PDFFont): PDFRef {
  const resources = {
    ...(part.alpha !== undefined ? { ExtGState: { GS0: { Type: 'ExtGState', ca: part.alpha, BM: 'Multiply' } } } : {}),
    ...(part.usesFont ? { Font: { F0: font.ref } } : {}),
  };
  const stream = pdf.context.flateStream(
    part.alpha !== undefined && part.subtype === 'Highlight' ? `/GS0 gs\n${part.appearance}` : part.appearance,
    { Type: 'XObject', Subtype: 'Form', BBox: rectArray(part.rect), Resources: resources },
  );
  return pdf.context.register(stream);
}

/** 打印版: the part painted into the page's content, looking as its annotation would. */
export function burnIn(pdf: PDFDocument, page: PDFPage, part: MarkPart, font: PDFFont): void {
  const name = page.node.newXObject('Mark', appearanceForm(pdf, part, font));
  page.pushOperators(pushGraphicsState(), drawObject(name), popGraphicsState());
}

export interface AnnotationRecord {
  annotation: AnnotationDto;
  number: number;
  parts: MarkPart[];
}

/** Somewhere beside the mark for the reader to open the comment: the page's right margin. */
function popupRect(page: PDFPage, anchor: UserRect): number[] {
  const crop = page.getCropBox();
  const right = crop.x + crop.width - 8;
  const top = Math.min(crop.y + crop.height - 8, anchor.y + anchor.height + 40);
  return [Math.max(crop.x, right - 220), Math.max(crop.y, top - 120), right, top];
}

/**
 * 批注版: each part as an ISO 32000 annotation in its page's /Annots, with its appearance (/AP), the
 * comment, author and dates, a popup on the primary, and the replies as Text annotations in
 * reply to it (/IRT, /RT /R), oldest first.
 */
export function addAnnotations(pdf: PDFDocument, pages: readonly PDFPage[], record: AnnotationRecord, font: PDFFont) {
  const { annotation, number, parts } = record;
  const { context } = pdf;
  const contents = commentText(annotation, number);
  const primary = parts.find((part) => part.role === 'primary') ?? parts[0];
  if (!primary) return;
  const primaryRef = context.nextRef();
  const common = (part: MarkPart, created: number, modified: number) => ({
    Type: 'Annot',
    Subtype: part.subtype,
    Rect: rectArray(part.rect),
    C: [...part.color],
    F: PRINT,
    CreationDate: PDFString.fromDate(new Date(created)),
    M: PDFString.fromDate(new Date(modified)),
    AP: { N: appearanceForm(pdf, part, font) },
    ...part.entries,
  });

  parts.forEach((part, index) => {
    const page = pages[part.page];
    if (!page) return;
    const ref = part === primary ? primaryRef : context.nextRef();
    const dict = context.obj({
      ...common(part, annotation.createdAt, annotation.updatedAt),
      P: page.ref,
      T: pdfText(annotation.authorName),
      Subj: pdfText(ANNOTATION_KIND_LABELS[annotation.kind]),
      NM: pdfText(part === primary ? annotation.id : `${annotation.id}-${index}`),
      Contents: pdfText(part.role === 'continued' ? `（续）${contents}` : contents),
      ...(part.role === 'group' ? { IRT: primaryRef, RT: 'Group' } : {}),
    });
    context.assign(ref, dict);
    page.node.addAnnot(ref);
    if (part !== primary) return;
    const popupRef = context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'Popup',
        Rect: popupRect(page, part.rect),
        Parent: ref,
        Open: false,
        F: 28,
      }),
    );
    dict.set(PDFName.of('Popup'), popupRef);
    page.node.addAnnot(popupRef);
    const pin = { x: part.rect.x, y: part.rect.y + part.rect.height - 16, width: 16, height: 16 };
    for (const reply of annotation.replies) {
      const replyRef = context.register(
        context.obj({
          Type: 'Annot',
          Subtype: 'Text',
          Rect: rectArray(pin),
          F: REPLY_FLAGS,
          C: [...part.color],
          P: page.ref,
          T: pdfText(reply.authorName),
          Contents: pdfText(reply.comment),
          NM: pdfText(`${annotation.id}-reply-${reply.id}`),
          CreationDate: PDFString.fromDate(new Date(reply.createdAt)),
          M: PDFString.fromDate(new Date(reply.createdAt)),
          IRT: ref,
          RT: 'R',
          Name: 'Comment',
          Open: false,
          // Drawn by nothing: the reply lives in the comment pane, under its mark.
          AP: {
            N: context.register(
              context.stream('', { Type: 'XObject', Subtype: 'Form', BBox: rectArray(pin), Resources: {} }),
            ),
          },
        }),
      );
      page.node.addAnnot(replyRef);
    }
  });
}
