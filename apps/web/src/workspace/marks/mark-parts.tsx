import { type AnnotationKind, type AnnotationShape, isDrawnMark } from '@zikao/contract/annotation';
import { DrawnShapeThumb } from './drawn-shape.tsx';
import { clip, KIND_GLYPH, type MarkFields, suggestionView, tail } from './mark-style.ts';
import './marks.css';

/**
 * 原文 → 建议 as Word shows a tracked change: the struck original in red, the suggestion
 * underlined in green; an insert shows the words before the caret, then ∧ and the inserted text.
 * The words are read out too ("删除：… 改为：…"), since strike-through and colour are not.
 */
export function SuggestionLine({ annotation, max = 80 }: { annotation: MarkFields; max?: number }) {
  const view = suggestionView(annotation, max);
  if (!view) return null;
  if (view.kind === 'insert') {
    return (
      <span className="mk-change" data-testid="suggestion-line">
        <span className="mk-tag">原文</span>
        <span>{tail(view.original, Math.min(max, 30))}</span>
        <span className="mk-arrow mk-caret" aria-hidden="true">
          ∧
        </span>
        <span className="mk-tag">插入</span>
        <ins className="mk-ins">{clip(view.suggestion, max)}</ins>
      </span>
    );
  }
  return (
    <span className="mk-change" data-testid="suggestion-line">
      <span className="mk-tag">原文</span>
      <del className="mk-del">{clip(view.original, max)}</del>
      {view.kind === 'replace' ? (
        <>
          <span className="mk-arrow" aria-hidden="true">
            →
          </span>
          <span className="mk-tag">建议</span>
          <ins className="mk-ins">{clip(view.suggestion, max)}</ins>
        </>
      ) : (
        <span className="mk-tag">建议删除</span>
      )}
    </span>
  );
}

/** A kind's small picture: a drawn mark's own strokes where it has them, else the kind's glyph. */
export function KindIcon({
  kind,
  shape,
  size = 28,
}: {
  kind: AnnotationKind;
  shape?: AnnotationShape | null;
  size?: number;
}) {
  if (isDrawnMark(kind) && shape) return <DrawnShapeThumb kind={kind} shape={shape} size={size} />;
  return (
    <span className={`aw-kind-icon aw-kind-icon-${kind}`} aria-hidden="true">
      {KIND_GLYPH[kind]}
    </span>
  );
}
