/**
 * Types of the W3C Web Annotation Data Model (https://www.w3.org/TR/annotation-model/),
 * restricted to what the annotation workspace uses.
 *
 * Offsets inside selectors follow the W3C rule: they count Unicode code points of the
 * document's text, so a selector stays valid for any other W3C tool. Ranges returned by
 * the anchoring functions are JavaScript string indices (UTF-16 code units) instead,
 * because that is what pdf.js text layers and `String.prototype.slice` use.
 */

export const ANNOTATION_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';

/**
 * The project's own terms (issue 24), for what the model has no word for: `zk:kind`, the kind of
 * mark (underline, strikeout, replace, insert, pen, line, arrow, ellipse). An export that uses them
 * has `@context` [ANNOTATION_CONTEXT, ZK_CONTEXT]; the model's context stays first and unchanged.
 */
export const ZK_NAMESPACE = 'https://zikao.example.edu.cn/ns/annotation#';
export const ZK_CONTEXT = { zk: ZK_NAMESPACE } as const;
export type AnnotationContext = typeof ANNOTATION_CONTEXT | readonly [typeof ANNOTATION_CONTEXT, typeof ZK_CONTEXT];

/** The exact text plus what surrounds it (W3C TextQuoteSelector). */
export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix?: string;
  suffix?: string;
}

/** Code-point offsets into the document's concatenated page texts (W3C TextPositionSelector). */
export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

/**
 * The page on which a selection starts (0-based `index`), and optionally the page on which it
 * ends. Not part of the W3C vocabulary; it has the shape Hypothesis uses for PDFs.
 */
export interface PageSelector {
  type: 'PageSelector';
  index: number;
  endIndex?: number;
  label?: string;
}

/**
 * A page, or an area of a page, in the RFC 3778 form that W3C names for PDF fragments:
 * `page=3&viewrect=72,100,200,50` (1-based page; left, top, width, height in PDF points
 * measured from the top-left corner of the page).
 */
export interface FragmentSelector {
  type: 'FragmentSelector';
  conformsTo: typeof PDF_FRAGMENT_SPEC;
  value: string;
  /**
   * In exports only: the text on that page, as `page=3` refined by a TextQuoteSelector (W3C model
   * §4.2.9). The workspace keeps the page as a PageSelector instead.
   */
  refinedBy?: TextQuoteSelector | SvgSelector;
}

/**
 * In exports only: a drawn mark (pen, line, arrow, ellipse) as an SVG document (W3C model §4.2.7),
 * refining the page's FragmentSelector; its coordinates are the page's, in PDF points.
 */
export interface SvgSelector {
  type: 'SvgSelector';
  value: string;
}

export const PDF_FRAGMENT_SPEC = 'http://tools.ietf.org/rfc/rfc3778';

export type Selector = TextQuoteSelector | TextPositionSelector | PageSelector | FragmentSelector;

/** A segment of the document: all selectors describe the same segment (W3C semantics). */
export interface SpecificResource {
  type?: 'SpecificResource';
  source: string;
  selector: Selector | Selector[];
}

export type Purpose = 'commenting' | 'tagging' | 'assessing' | 'replying' | 'describing' | 'editing';

export interface TextualBody {
  type: 'TextualBody';
  value: string;
  purpose?: Purpose;
  format?: string;
  language?: string;
}

export type Motivation = 'commenting' | 'highlighting' | 'tagging' | 'assessing' | 'replying' | 'editing';

export interface Agent {
  id?: string;
  type?: 'Person' | 'Software';
  name?: string;
}

export interface Annotation {
  '@context'?: AnnotationContext;
  id: string;
  type: 'Annotation';
  motivation?: Motivation;
  created?: string;
  modified?: string;
  creator?: Agent;
  body?: TextualBody | TextualBody[];
  /** A segment of a document, or for replies the IRI of the annotation replied to. */
  target: SpecificResource | string;
  /** The kind of mark, for the kinds the model has no motivation of its own for (see ZK_CONTEXT). */
  'zk:kind'?: string;
}

/** A rectangle on a page in PDF points, origin at the top-left corner, y growing downwards. */
export interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}
