import { type Agent, ANNOTATION_CONTEXT, type Annotation, type Selector, type TextualBody } from './model.ts';

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

export interface AnnotationCollection {
  '@context': typeof ANNOTATION_CONTEXT;
  id?: string;
  type: 'AnnotationCollection';
  label: string;
  total: number;
  first: { type: 'AnnotationPage'; startIndex: 0; items: Annotation[] };
}

/**
 * All annotations of a review as one W3C AnnotationCollection. Replies become annotations of their
 * own, with motivation `replying` and the parent annotation as target.
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
  const collection: AnnotationCollection = {
    '@context': ANNOTATION_CONTEXT,
    type: 'AnnotationCollection',
    label,
    total: items.length,
    first: { type: 'AnnotationPage', startIndex: 0, items },
  };
  if (options.id) collection.id = options.id;
  return collection;
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
    target: { type: 'SpecificResource', source: annotation.source, selector: [...annotation.selectors] },
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
