import {
  type Agent,
  ANNOTATION_CONTEXT,
  type Annotation,
  type FragmentSelector,
  PDF_FRAGMENT_SPEC,
  type Selector,
  type TextualBody,
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
  creator?: Agent;
  created?: Date | string | number;
  modified?: Date | string | number;
  replies?: readonly ExportableReply[];
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
  return { '@context': ANNOTATION_CONTEXT, ...withoutContext(annotation, options) };
}

export interface AnnotationPage {
  id: string;
  type: 'AnnotationPage';
  startIndex: 0;
  items: Annotation[];
}

export interface AnnotationCollection {
  '@context': typeof ANNOTATION_CONTEXT;
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
    '@context': ANNOTATION_CONTEXT,
    id,
    type: 'AnnotationCollection',
    label,
    total: items.length,
    first: { id: pageIri(id, 0), type: 'AnnotationPage', startIndex: 0, items },
  };
}

function withoutContext(annotation: ExportableAnnotation, options: ExportOptions): Annotation {
  const body: TextualBody[] = [];
  if (annotation.comment) body.push(textBody(annotation.comment, 'commenting', options));
  if (annotation.category) body.push(textBody(annotation.category, 'tagging', options));
  if (annotation.severity) body.push(textBody(annotation.severity, 'assessing', options));
  if (annotation.stamp) body.push(textBody(annotation.stamp, 'assessing', options));
  const result: Annotation = {
    id: iri(annotation.id, options),
    type: 'Annotation',
    motivation: annotation.comment ? 'commenting' : annotation.stamp ? 'assessing' : 'highlighting',
    target: { type: 'SpecificResource', source: annotation.source, selector: toW3CSelectors(annotation.selectors) },
  };
  if (body.length === 1) result.body = body[0];
  else if (body.length > 1) result.body = body;
  addProvenance(result, annotation.creator, annotation.created, annotation.modified);
  return result;
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
  const bodies = Array.isArray(item.body) ? item.body : item.body === undefined ? [] : [item.body];
  for (const body of bodies as Array<Record<string, unknown>>) {
    if (body?.type !== 'TextualBody' || typeof body.value !== 'string') continue;
    if (body.purpose === 'commenting' && result.comment === undefined) result.comment = body.value;
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
