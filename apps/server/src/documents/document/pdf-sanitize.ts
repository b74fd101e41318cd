import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import { dropUnreachable } from './pdf-reachable.ts';

/**
 * The actions a served PDF keeps: moving within the document, a web or mail link, and a reader's
 * own page turns. Everything else runs or opens something (JavaScript, Launch, GoToR/GoToE to
 * other or embedded files, SubmitForm, ImportData, Rendition, RichMediaExecute…) and is removed.
 */
const SAFE_ACTIONS = new Set(['GoTo', 'URI', 'Named']);
/** What a kept URI action may point to. */
const SAFE_URI = /^(https?:|mailto:)/i;
/** Annotations that carry a file or play media, removed from every page. */
const ACTIVE_ANNOTATIONS = new Set(['FileAttachment', 'RichMedia', 'Screen', 'Movie', 'Sound', '3D']);

/** What was taken out of a PDF (issue 32 §4.7). */
export interface SanitizeReport {
  /** Actions removed (OpenAction, link actions, additional actions `/AA` counted once each). */
  actions: number;
  /** JavaScript: the document-level name tree and every `/JS`. */
  javascript: number;
  /** Embedded files: the EmbeddedFiles name tree, `/EF` of file specifications, portfolios. */
  embeddedFiles: number;
  /** Annotations that carried a file or media. */
  annotations: number;
}

const name = (key: string) => PDFName.of(key);

const textOf = (value: PDFObject | undefined): string | null =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/** The action type of a dictionary that is an action, or null. */
function actionType(dict: PDFDict): string | null {
  const type = dict.get(name('S'));
  return type instanceof PDFName ? type.decodeText() : null;
}

/**
 * Removes from a loaded PDF everything that runs or opens something when it is viewed (issue 32
 * §4.7: an OpenAction JavaScript, a Launch of cmd.exe and an embedded evil.exe reached reviewers):
 * the catalog's and every page's, annotation's and field's additional actions (`/AA`), actions
 * other than GoTo, a web or mail URI and Named, the JavaScript and EmbeddedFiles name trees, every
 * embedded file and XFA form, and file-attachment and media annotations. Links within the document
 * and to the web stay; the page content, and so its text and where it lies, is not touched.
 * Objects nothing reaches any more are dropped, so the saved file holds none of it.
 */
export function sanitizePdf(pdf: PDFDocument): SanitizeReport {
  const report: SanitizeReport = { actions: 0, javascript: 0, embeddedFiles: 0, annotations: 0 };
  const { context } = pdf;
  const resolve = (value: PDFObject | undefined) => (value instanceof PDFRef ? context.lookup(value) : value);

  /** Whether an action (and the actions it chains with `/Next`) may stay; strips its chain in place. */
  const keepAction = (value: PDFObject | undefined): boolean => {
    const action = resolve(value);
    if (!(action instanceof PDFDict)) return true;
    const type = actionType(action);
    if (type === null) return true;
    if (!SAFE_ACTIONS.has(type)) return false;
    if (type === 'URI' && !SAFE_URI.test(textOf(resolve(action.get(name('URI')))) ?? '')) return false;
    const next = resolve(action.get(name('Next')));
    if (next instanceof PDFArray) {
      for (let i = next.size() - 1; i >= 0; i--) {
        if (!keepAction(next.get(i))) {
          next.remove(i);
          report.actions += 1;
        }
      }
    } else if (next && !keepAction(next)) {
      action.delete(name('Next'));
      report.actions += 1;
    }
    return true;
  };

  const cleanDict = (dict: PDFDict) => {
    if (dict.has(name('AA'))) {
      dict.delete(name('AA'));
      report.actions += 1;
    }
    if (dict.has(name('JS'))) {
      dict.delete(name('JS'));
      report.javascript += 1;
    }
    for (const key of ['EF', 'RF']) {
      if (dict.has(name(key))) {
        dict.delete(name(key));
        report.embeddedFiles += 1;
      }
    }
    for (const key of ['A', 'OpenAction']) {
      const value = dict.get(name(key));
      // A destination (an array) is no action; an `/A` that is not an action dictionary stays too.
      if (value && !keepAction(value)) {
        dict.delete(name(key));
        report.actions += 1;
      }
    }
    const annots = resolve(dict.get(name('Annots')));
    if (annots instanceof PDFArray) {
      for (let i = annots.size() - 1; i >= 0; i--) {
        const annot = resolve(annots.get(i));
        const subtype = annot instanceof PDFDict ? annot.get(name('Subtype')) : undefined;
        if (subtype instanceof PDFName && ACTIVE_ANNOTATIONS.has(subtype.decodeText())) {
          annots.remove(i);
          report.annotations += 1;
        }
      }
    }
  };

  const catalog = pdf.catalog;
  const names = resolve(catalog.get(name('Names')));
  if (names instanceof PDFDict) {
    for (const [key, field] of [
      ['JavaScript', 'javascript'],
      ['EmbeddedFiles', 'embeddedFiles'],
    ] as const) {
      if (names.has(name(key))) {
        names.delete(name(key));
        report[field] += 1;
      }
    }
  }
  if (catalog.has(name('Collection'))) {
    catalog.delete(name('Collection'));
    report.embeddedFiles += 1;
  }
  const form = resolve(catalog.get(name('AcroForm')));
  if (form instanceof PDFDict && form.has(name('XFA'))) {
    form.delete(name('XFA'));
    report.javascript += 1;
  }
  catalog.delete(name('NeedsRendering'));

  // Every dictionary in the file, the indirect ones and those nested in them.
  const seen = new Set<PDFObject>();
  const visit = (value: PDFObject | undefined) => {
    if (!value || value instanceof PDFRef || seen.has(value)) return;
    seen.add(value);
    const dict = value instanceof PDFStream ? value.dict : value instanceof PDFDict ? value : null;
    if (dict) {
      cleanDict(dict);
      for (const [, entry] of dict.entries()) visit(entry);
    } else if (value instanceof PDFArray) {
      for (let i = 0; i < value.size(); i++) visit(value.get(i));
    }
  };
  visit(catalog);
  for (const [, object] of context.enumerateIndirectObjects()) visit(object);
  dropUnreachable(pdf, [context.trailerInfo.Root, context.trailerInfo.Info]);
  return report;
}

/** Whether a report removed anything. */
export const removedAnything = (report: SanitizeReport): boolean =>
  report.actions + report.javascript + report.embeddedFiles + report.annotations > 0;
