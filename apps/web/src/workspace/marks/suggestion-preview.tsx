import type { AnnotationKind } from '@zikao/contract/annotation';

const SHOWN = 60;

function clip(text: string, fromEnd = false): string {
  if (text.length <= SHOWN) return text;
  return fromEnd ? `…${text.slice(-SHOWN)}` : `${text.slice(0, SHOWN)}…`;
}

/**
 * A suggestion as the add form previews it, the way a Word reviewer sees tracked changes:
 * 原文 struck through → 建议 underlined; an insertion shows its text between the words around it.
 */
export function SuggestionPreview(props: {
  kind: AnnotationKind;
  quote: string;
  suggestion: string;
  /** The words right after an insertion caret. */
  suffix?: string;
}) {
  const suggestion = props.suggestion.trim();
  if (props.kind === 'insert') {
    return (
      <p className="aw-suggestion-preview" data-testid="suggestion-preview">
        <span className="aw-context">{clip(props.quote, true)}</span>
        {suggestion ? <ins>{clip(suggestion)}</ins> : <span aria-hidden>‸</span>}
        <span className="aw-context">{(props.suffix ?? '').slice(0, 12)}</span>
      </p>
    );
  }
  return (
    <p className="aw-suggestion-preview" data-testid="suggestion-preview">
      原文 <del>{clip(props.quote)}</del> → 建议 {suggestion ? <ins>{clip(suggestion)}</ins> : <span>（待填写）</span>}
    </p>
  );
}
