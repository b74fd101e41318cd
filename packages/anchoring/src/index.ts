export {
  type Anchor,
  type AnchorOptions,
  type AnchorStatus,
  type AreaAnchor,
  anchor,
  DEFAULT_THRESHOLD,
  FOUND_CONTEXT,
  RELOCATION_DISTANCE,
  type TextAnchor,
} from './anchor.ts';
export { DocumentText, type PageOffset, type PagePart } from './document.ts';
export {
  type AnnotationCollection,
  type ExportableAnnotation,
  type ExportableReply,
  type ExportOptions,
  toAnnotationCollection,
  toW3CAnnotation,
} from './jsonld.ts';
export * from './model.ts';
export { type AnchorableAnnotation, type Reanchored, type ReanchorReport, reanchor } from './reanchor.ts';
export {
  CONTEXT_LENGTH,
  describeArea,
  describeTextRange,
  type PageArea,
  parseArea,
  selectorsOf,
  type TargetSelectors,
} from './selectors.ts';
