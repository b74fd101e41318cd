import {
  type Agent,
  ANNOTATION_CONTEXT,
  type Annotation,
  type AnnotationContext,
  type FragmentSelector,
  type Motivation,
  PDF_FRAGMENT_SPEC,
  type Selector,
  type TextualBody,
  ZK_CONTEXT,
} from './model.ts';
import { parseArea, selectorsOf } from './selectors.ts';

/** An annotation as the workspace keeps it, ready to be exported. */
export interface ExportableAnnotation {
  id: string;
  /** IRI of the annotated document (version). */
  source: string;
  selectors: readonly Selector[];
  comment?: string;
  /** 内容, 结构, 语言, 格式, 引用 or 其他: exported as a tag. */
  category?: string;
  severity?: string;
  /** ✓ ✗ ? 优 */
  stamp?: string;
  /**
   * The kind of mark (issue 24). highlight, area, note and stamp (or none) export as before; the
   * other kinds also write `zk:kind`.
   */
  kind?: string;
  /** replace: the wording to put in place of the quote; insert: the text to insert after it. */
  suggestion?: string;
  /** A drawn mark's strokes, points as page fractions from the top-left corner (see `shapeToSvg`). */
  shape?: ExportableShape;
  /** The size in PDF points of the page a drawn mark is on: the SVG's viewBox (A4 when unknown). */
  pageSize?: { width: number; height: number };
  creator?: Agent;
  created?: Date | string | number;
  modified?: Date | string | number;
  replies?: readonly ExportableReply[];
}

export interface ExportableShape {
  color: string;
  /** Stroke width in PDF points. */
  width: number;
  /** [x, y] or [x, y, pressure], x and y as fractions of the page. */
  strokes: number[][][];
}

export interface ExportableReply {
  id: string;
  comment: string;
  creator?: Agent;
  created?: Date | string | number;
}

export interface ExportOptions {
  /** Turns an annotation id into an IRI; ids that already are IRIs are kept. */
  idBase?: string;
  language?: string;
}

const DEFAULT_ID_BASE = 'urn:zikao:annotation:';

/** One annotation as a W3C JSON-LD document, with its own `@context`. */
export function toW3CAnnotation(annotation: ExportableAnnotation, options: ExportOptions = {}): Annotation {
  return { '@context': contextFor([annotation]), ...withoutContext(annotation, options) };
}

/** The kinds the model's motivations already say: they export without `zk:kind`. */
const MODEL_KINDS = new Set(['highlight', 'area', 'note', 'stamp']);
const usesZk = (annotation: ExportableAnnotation) => annotation.kind !== undefined && !MODEL_KINDS.has(annotation.kind);

/** The model's context, plus the project's terms when an annotation uses them. */
function contextFor(annotations: readonly ExportableAnnotation[]): AnnotationContext {
  return annotations.some(usesZk) ? [ANNOTATION_CONTEXT, ZK_CONTEXT] : ANNOTATION_CONTEXT;
}

export interface AnnotationPage {
  id: string;
  type: 'AnnotationPage';
  startIndex: 0;
  items: Annotation[];
}

export interface AnnotationCollection {
  '@context': AnnotationContext;
  id: string;
  type: 'AnnotationCollection';
  label: string;
  total: number;
  /** The one page holding every item; W3C requires it to have an IRI of its own. */
  first: AnnotationPage;
}

/**
 * All annotations of a review as one W3C AnnotationCollection. Replies become annotations of their
 * own, with motivation `replying` and the parent annotation as target. Without `options.id` the
 * collection gets a fresh `urn:uuid:` IRI; its page is the collection's IRI with `#page-0`
 * (or `:page:0` for a URN, which has no fragment part).
 */
export function toAnnotationCollection(
  annotations: readonly ExportableAnnotation[],
  label: string,
  options: ExportOptions & { id?: string } = {},
): AnnotationCollection {
  const items: Annotation[] = [];
  for (const annotation of annotations) {
    const parent = withoutContext(annotation, options);
    items.push(parent);
    for (const reply of annotation.replies ?? []) {
      const item: Annotation = {
        id: iri(reply.id, options),
        type: 'Annotation',
        motivation: 'replying',
        body: textBody(reply.comment, 'commenting', options),
        target: parent.id,
      };
      addProvenance(item, reply.creator, reply.created, undefined);
      items.push(item);
    }
  }
  const id = options.id ?? `urn:uuid:${globalThis.crypto.randomUUID()}`;
  return {
    '@context': contextFor(annotations),
    id,
    type: 'AnnotationCollection',
    label,
    total: items.length,
    first: { id: pageIri(id, 0), type: 'AnnotationPage', startIndex: 0, items },
  };
}

/**
 * The motivation of a mark. Highlights, boxes, notes and stamps as before (commenting when they
 * have a comment, else assessing for a stamp, else highlighting). Suggestions (replace, insert)
 * and strike-outs are `editing`; underlines `highlighting`; drawn marks `commenting` with a
 * comment, else `highlighting`. The comment is always a body of purpose `commenting`.
 */
function motivationOf(annotation: ExportableAnnotation): Motivation {
  switch (annotation.kind) {
    case 'replace':
    case 'insert':
    case 'strikeout':
      return 'editing';
    case 'underline':
      return 'highlighting';
    default:
      return annotation.comment ? 'commenting' : annotation.stamp ? 'assessing' : 'highlighting';
  }
}

function withoutContext(annotation: ExportableAnnotation, options: ExportOptions): Annotation {
  const body: TextualBody[] = [];
  // A suggestion first: the wording to put in (replace) or to insert (insert), purpose editing.
  if (annotation.suggestion) body.push(textBody(annotation.suggestion, 'editing', options));
  if (annotation.comment) body.push(textBody(annotation.comment, 'commenting', options));
  if (annotation.category) body.push(textBody(annotation.category, 'tagging', options));
  if (annotation.severity) body.push(textBody(annotation.severity, 'assessing', options));
  if (annotation.stamp) body.push(textBody(annotation.stamp, 'assessing', options));
  const selector = toW3CSelectors(annotation.selectors);
  if (annotation.shape) {
    const area = parseArea(selectorsOf(annotation.selectors).fragment?.value ?? '');
    selector.unshift({
      type: 'FragmentSelector',
      conformsTo: PDF_FRAGMENT_SPEC,
      value: `page=${(area?.page ?? 0) + 1}`,
      refinedBy: {
        type: 'SvgSelector',
        value: shapeToSvg(annotation.kind ?? 'pen', annotation.shape, annotation.pageSize),
      },
    });
  }
  const result: Annotation = {
    id: iri(annotation.id, options),
    type: 'Annotation',
    motivation: motivationOf(annotation),
    target: { type: 'SpecificResource', source: annotation.source, selector },
  };
  if (usesZk(annotation)) result['zk:kind'] = annotation.kind;
  if (body.length === 1) result.body = body[0];
  else if (body.length > 1) result.body = body;
  addProvenance(result, annotation.creator, annotation.created, annotation.modified);
  return result;
}

/** An A4 page in PDF points: the SVG's page when the exporter does not know the page's size. */
const A4 = { width: 595.28, height: 841.89 };

const svgNumber = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * A drawn mark as a standalone SVG document over its page: viewBox `0 0 W H` is the page in PDF
 * points (origin top-left, y down, as the page fractions are), so stroke-width is the mark's width
 * in points. pen: a `polyline` per stroke, its pressures (where the device gave them) in
 * `data-pressure`; line: a `line`; arrow: a `line` and its head as a `polyline` of class `head`,
 * drawn out so that any SVG renderer shows it; ellipse: an `ellipse` in the box of its two points.
 */
export function shapeToSvg(kind: string, shape: ExportableShape, pageSize = A4): string {
  const { width: w, height: h } = pageSize;
  const point = (p: readonly number[]) => [(p[0] ?? 0) * w, (p[1] ?? 0) * h] as const;
  const pair = (p: readonly number[]) => point(p).map(svgNumber).join(',');
  const parts: string[] = [];
  const [first = [], second = first] = shape.strokes[0] ?? [];
  const [x1, y1] = point(first);
  const [x2, y2] = point(second);
  if (kind === 'line' || kind === 'arrow') {
    parts.push(`<line x1="${svgNumber(x1)}" y1="${svgNumber(y1)}" x2="${svgNumber(x2)}" y2="${svgNumber(y2)}"/>`);
    if (kind === 'arrow') {
      const angle = Math.atan2(y2 - y1, x2 - x1);
      const size = Math.max(6, shape.width * 3);
      const wing = (turn: number) =>
        `${svgNumber(x2 - size * Math.cos(angle + turn))},${svgNumber(y2 - size * Math.sin(angle + turn))}`;
      parts.push(
        `<polyline class="head" points="${wing(Math.PI / 7)} ${svgNumber(x2)},${svgNumber(y2)} ${wing(-Math.PI / 7)}"/>`,
      );
    }
  } else if (kind === 'ellipse') {
    parts.push(
      `<ellipse cx="${svgNumber((x1 + x2) / 2)}" cy="${svgNumber((y1 + y2) / 2)}" rx="${svgNumber(Math.abs(x2 - x1) / 2)}" ry="${svgNumber(Math.abs(y2 - y1) / 2)}"/>`,
    );
  } else {
    for (const stroke of shape.strokes) {
      const pressure = stroke.every((p) => p[2] !== undefined)
        ? ` data-pressure="${stroke.map((p) => svgNumber(p[2] ?? 0)).join(' ')}"`
        : '';
      parts.push(`<polyline points="${stroke.map(pair).join(' ')}"${pressure}/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${svgNumber(w)} ${svgNumber(h)}">` +
    `<g fill="none" stroke="${shape.color}" stroke-width="${svgNumber(shape.width)}" stroke-linecap="round" stroke-linejoin="round">` +
    `${parts.join('')}</g></svg>`
  );
}

/** Reads an SVG written by `shapeToSvg` back to its shape (page fractions); null when it is not one. */
export function svgToShape(
  svg: string,
): { shape: ExportableShape; pageSize: { width: number; height: number } } | null {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const box = attribute(svg.match(/<svg\b[^>]*>/)?.[0] ?? '', 'viewBox')
    ?.split(/\s+/)
    .map(Number);
  const group = svg.match(/<g\b[^>]*>/)?.[0] ?? '';
  const color = attribute(group, 'stroke');
  const width = Number(attribute(group, 'stroke-width'));
  if (box?.length !== 4 || !(box[2] && box[3]) || !color || !Number.isFinite(width)) return null;
  const [, , w, h] = box as [number, number, number, number];
  const fraction = (x: number, y: number) => [Math.round((x / w) * 1e6) / 1e6, Math.round((y / h) * 1e6) / 1e6];
  const strokes: number[][][] = [];
  for (const tag of svg.match(/<(polyline|line|ellipse)\b[^>]*>/g) ?? []) {
    const n = (name: string) => Number(attribute(tag, name));
    if (tag.startsWith('<polyline')) {
      if (attribute(tag, 'class') === 'head') continue;
      const pressure = attribute(tag, 'data-pressure')?.split(' ').map(Number);
      const points = (attribute(tag, 'points') ?? '')
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split(',').map(Number));
      strokes.push(points.map(([x = 0, y = 0], i) => [...fraction(x, y), ...(pressure ? [pressure[i] ?? 0] : [])]));
    } else if (tag.startsWith('<line')) {
      strokes.push([fraction(n('x1'), n('y1')), fraction(n('x2'), n('y2'))]);
    } else {
      const [cx, cy, rx, ry] = [n('cx'), n('cy'), n('rx'), n('ry')];
      strokes.push([fraction(cx - rx, cy - ry), fraction(cx + rx, cy + ry)]);
    }
  }
  if (strokes.length === 0 || strokes.flat(2).some((value) => !Number.isFinite(value))) return null;
  return { shape: { color, width, strokes }, pageSize: { width: w, height: h } };
}

function textBody(value: string, purpose: TextualBody['purpose'], options: ExportOptions): TextualBody {
  return { type: 'TextualBody', value, purpose, format: 'text/plain', language: options.language ?? 'zh' };
}

function addProvenance(
  annotation: Annotation,
  creator: Agent | undefined,
  created: Date | string | number | undefined,
  modified: Date | string | number | undefined,
): void {
  if (creator) annotation.creator = { type: 'Person', ...creator };
  if (created !== undefined) annotation.created = new Date(created).toISOString();
  if (modified !== undefined) annotation.modified = new Date(modified).toISOString();
}

function iri(id: string, options: ExportOptions): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(id) ? id : `${options.idBase ?? DEFAULT_ID_BASE}${encodeURIComponent(id)}`;
}

function pageIri(collection: string, index: number): string {
  return /^urn:/i.test(collection) && !collection.includes('#')
    ? `${collection}:page:${index}`
    : `${collection.split('#')[0]}#page-${index}`;
}

/**
 * The workspace's selectors as W3C selectors. The page a text selection lies on (a PageSelector
 * in the workspace, which is not a selector type of the model) becomes a third alternative: the
 * RFC 3778 fragment `page=N` refined by the same TextQuoteSelector, "this quote on page N", the
 * model's own way (§4.2.9) to name text in one page of a PDF. RFC 3778 names a single page, so a
 * selection that runs across a page break gets no page alternative: the document-wide quote and
 * position already select it exactly, and the page is only a hint for drawing.
 */
export function toW3CSelectors(selectors: readonly Selector[]): Selector[] {
  const { quote, position, page, fragment } = selectorsOf(selectors);
  const result: Selector[] = [];
  if (quote) result.push(quote);
  if (position) result.push(position);
  if (quote && page && (page.endIndex === undefined || page.endIndex === page.index)) {
    result.push({
      type: 'FragmentSelector',
      conformsTo: PDF_FRAGMENT_SPEC,
      value: `page=${page.index + 1}`,
      refinedBy: { ...quote },
    });
  }
  if (fragment) result.push(fragment);
  return result;
}

/**
 * W3C selectors, as this exporter writes them now or wrote them before (a PageSelector in the
 * list), back to the workspace's selectors: quote, position, page, area fragment.
 */
export function fromW3CSelectors(selectors: readonly unknown[]): Selector[] {
  let quote: Selector | undefined;
  let position: Selector | undefined;
  let page: Selector | undefined;
  let area: FragmentSelector | undefined;
  for (const item of selectors) {
    if (typeof item !== 'object' || item === null) continue;
    const selector = item as Record<string, unknown>;
    if (selector.type === 'TextQuoteSelector' && typeof selector.exact === 'string') {
      quote ??= {
        type: 'TextQuoteSelector',
        exact: selector.exact,
        ...(typeof selector.prefix === 'string' ? { prefix: selector.prefix } : {}),
        ...(typeof selector.suffix === 'string' ? { suffix: selector.suffix } : {}),
      };
    } else if (
      selector.type === 'TextPositionSelector' &&
      typeof selector.start === 'number' &&
      typeof selector.end === 'number'
    ) {
      position ??= { type: 'TextPositionSelector', start: selector.start, end: selector.end };
    } else if (selector.type === 'PageSelector' && typeof selector.index === 'number') {
      page ??= {
        type: 'PageSelector',
        index: selector.index,
        ...(typeof selector.endIndex === 'number' ? { endIndex: selector.endIndex } : {}),
      };
    } else if (selector.type === 'FragmentSelector' && typeof selector.value === 'string') {
      const parsed = parseArea(selector.value);
      if (!parsed) continue;
      const refined = selector.refinedBy as Record<string, unknown> | undefined;
      // A drawn mark's SVG over its page: read by fromW3CAnnotation into the shape.
      if (refined?.type === 'SvgSelector') continue;
      if (refined?.type === 'TextQuoteSelector') {
        // "This quote on page N": the page of a text selection.
        page ??= { type: 'PageSelector', index: parsed.page };
        if (!quote) quote = fromW3CSelectors([refined])[0];
      } else {
        area ??= { type: 'FragmentSelector', conformsTo: PDF_FRAGMENT_SPEC, value: selector.value };
      }
    }
  }
  return [quote, position, page, area].filter((selector) => selector !== undefined);
}

const STAMPS = new Set(['✓', '✗', '?', '优']);

/**
 * Reads one exported annotation (standalone or a collection item) back: its selectors in the
 * workspace's form, and the bodies by purpose. Replies are read by `fromAnnotationCollection`.
 */
export function fromW3CAnnotation(json: unknown): ExportableAnnotation | null {
  if (typeof json !== 'object' || json === null) return null;
  const item = json as Record<string, unknown>;
  if (item.type !== 'Annotation' || typeof item.id !== 'string') return null;
  const target = item.target as Record<string, unknown> | string | undefined;
  if (typeof target !== 'object' || target === null || typeof target.source !== 'string') return null;
  const selector = target.selector;
  const result: ExportableAnnotation = {
    id: item.id,
    source: target.source,
    selectors: fromW3CSelectors(Array.isArray(selector) ? selector : selector === undefined ? [] : [selector]),
  };
  if (typeof item['zk:kind'] === 'string') result.kind = item['zk:kind'];
  for (const entry of Array.isArray(selector) ? selector : [selector]) {
    const svg = (entry as { refinedBy?: { type?: unknown; value?: unknown } } | undefined)?.refinedBy;
    if (svg?.type !== 'SvgSelector' || typeof svg.value !== 'string') continue;
    const read = svgToShape(svg.value);
    if (read) {
      result.shape = read.shape;
      result.pageSize = read.pageSize;
    }
    break;
  }
  const bodies = Array.isArray(item.body) ? item.body : item.body === undefined ? [] : [item.body];
  for (const body of bodies as Array<Record<string, unknown>>) {
    if (body?.type !== 'TextualBody' || typeof body.value !== 'string') continue;
    if (body.purpose === 'editing' && result.suggestion === undefined) result.suggestion = body.value;
    else if (body.purpose === 'commenting' && result.comment === undefined) result.comment = body.value;
    else if (body.purpose === 'tagging' && result.category === undefined) result.category = body.value;
    else if (body.purpose === 'assessing' && STAMPS.has(body.value)) result.stamp = body.value;
    else if (body.purpose === 'assessing' && result.severity === undefined) result.severity = body.value;
  }
  const creator = item.creator as Agent | undefined;
  if (creator && typeof creator === 'object') result.creator = creator;
  if (typeof item.created === 'string') result.created = item.created;
  if (typeof item.modified === 'string') result.modified = item.modified;
  return result;
}

/** Reads an exported AnnotationCollection back: annotations with their replies attached. */
export function fromAnnotationCollection(json: unknown): ExportableAnnotation[] {
  if (typeof json !== 'object' || json === null) return [];
  const first = (json as { first?: { items?: unknown } }).first;
  const items = Array.isArray(first?.items) ? (first.items as Array<Record<string, unknown>>) : [];
  const annotations: ExportableAnnotation[] = [];
  const byId = new Map<string, ExportableReply[]>();
  for (const item of items) {
    if (item?.motivation === 'replying') continue;
    const annotation = fromW3CAnnotation(item);
    if (!annotation) continue;
    const replies: ExportableReply[] = [];
    byId.set(annotation.id, replies);
    annotations.push({ ...annotation, replies });
  }
  for (const item of items) {
    if (item?.motivation !== 'replying' || typeof item.id !== 'string' || typeof item.target !== 'string') continue;
    const body = (Array.isArray(item.body) ? item.body[0] : item.body) as Record<string, unknown> | undefined;
    const reply: ExportableReply = { id: item.id, comment: typeof body?.value === 'string' ? body.value : '' };
    if (item.creator && typeof item.creator === 'object') reply.creator = item.creator as Agent;
    if (typeof item.created === 'string') reply.created = item.created;
    byId.get(item.target)?.push(reply);
  }
  return annotations;
}
