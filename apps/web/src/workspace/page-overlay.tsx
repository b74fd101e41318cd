import type { PageRect } from '@zikao/anchoring';
import { type AnnotationKind, type AnnotationStamp, isDrawnMark } from '@zikao/contract/annotation';
import { type PointerEvent as ReactPointerEvent, useLayoutEffect, useRef, useState } from 'react';
import type { Placement } from './anchoring-layout.ts';
import { type AnnotationDecoration, decoratedName, markColor, withDecorationClass } from './annotation-decoration.ts';
import type { WorkspaceAnnotation } from './annotation-model.ts';
import { fill, STAMP_COLOR, STAMP_LABEL } from './categories.ts';
import { DrawnShapeSvg } from './marks/drawn-shape.tsx';
import { markName, textMarkLayer } from './marks/mark-style.ts';
import { shapeAnchor, shapeBounds } from './marks/shape-geometry.ts';
import { type Box, boxesForText, caretBoxAt } from './text-layer-dom.ts';
import './marks/marks.css';

export type Tool = 'select' | 'area' | 'note' | 'stamp';

export interface PageItem {
  annotation: WorkspaceAnnotation;
  placement: Placement;
  number: number;
  /** The screen's colour and label for it in place of its category's (`decorate`). */
  decoration?: AnnotationDecoration;
}

export interface Draft {
  kind: AnnotationKind;
  parts?: Array<{ page: number; start: number; end: number }>;
  page?: number;
  rect?: PageRect;
}

export interface PageOverlayProps {
  pageIndex: number;
  scale: number;
  layerVersion: number;
  width: number;
  height: number;
  items: readonly PageItem[];
  draft: Draft | null;
  selectedId: string | null;
  flashId: string | null;
  tool: Tool;
  stamp: AnnotationStamp;
  editable: boolean;
  onPlace(page: number, rect: PageRect, screen: DOMRect): void;
  onSelect(id: string): void;
  /** The keyboard caret on this page (a page-local offset), drawn as a bar; null elsewhere. */
  caretAt?: number | null;
}

/** Highlight boxes per page, for clicking a highlight through the text layer above it. */
export const hitBoxes = new Map<number, Array<{ id: string; box: Box }>>();

const STAMP_SIZE = 40;

/** Draws a page's annotations over its text layer, and takes the area, note and stamp tools' input. */
export function PageOverlay(props: PageOverlayProps) {
  const { pageIndex, scale, layerVersion, items, draft, selectedId, flashId, tool, editable } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const [boxes, setBoxes] = useState<Map<string, Box[]>>(new Map());
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const [caretBox, setCaretBox] = useState<Box | null>(null);
  const { caretAt = null } = props;

  // Highlights follow the text layer's geometry, so they are measured after it renders.
  useLayoutEffect(() => {
    const page = rootRef.current?.parentElement;
    if (!page || layerVersion === 0) return;
    const next = new Map<string, Box[]>();
    const hits: Array<{ id: string; box: Box }> = [];
    for (const item of items) {
      if (item.placement.kind !== 'text') continue;
      const list: Box[] = [];
      for (const part of item.placement.parts) {
        if (part.page === pageIndex) list.push(...boxesForText(page, pageIndex, part.start, part.end));
      }
      next.set(item.annotation.id, list);
      for (const box of list) hits.push({ id: item.annotation.id, box });
    }
    if (draft?.parts) {
      const list: Box[] = [];
      for (const part of draft.parts) {
        if (part.page === pageIndex) list.push(...boxesForText(page, pageIndex, part.start, part.end));
      }
      next.set('__draft', list);
    }
    hitBoxes.set(pageIndex, hits);
    setBoxes(next);
  }, [items, draft, layerVersion, pageIndex]);

  // The keyboard caret follows the text layer's geometry too (and the zoom, through layerVersion).
  useLayoutEffect(() => {
    const page = rootRef.current?.parentElement;
    setCaretBox(page && layerVersion > 0 && caretAt !== null ? caretBoxAt(page, pageIndex, caretAt) : null);
  }, [caretAt, layerVersion, pageIndex]);

  const placing = editable && tool !== 'select';

  function local(event: ReactPointerEvent): { x: number; y: number } {
    const rect = (rootRef.current as HTMLDivElement).getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function onPointerDown(event: ReactPointerEvent) {
    if (!placing || event.button !== 0) return;
    event.preventDefault();
    const { x, y } = local(event);
    (event.target as Element).setPointerCapture?.(event.pointerId);
    setDrag({ x0: x, y0: y, x1: x, y1: y });
  }

  function onPointerMove(event: ReactPointerEvent) {
    if (!drag) return;
    const { x, y } = local(event);
    setDrag({ ...drag, x1: x, y1: y });
  }

  function onPointerUp(event: ReactPointerEvent) {
    if (!drag) return;
    setDrag(null);
    const root = rootRef.current as HTMLDivElement;
    const bounds = root.getBoundingClientRect();
    let rect: PageRect;
    if (tool === 'area') {
      const left = Math.min(drag.x0, drag.x1);
      const top = Math.min(drag.y0, drag.y1);
      const w = Math.abs(drag.x1 - drag.x0);
      const h = Math.abs(drag.y1 - drag.y0);
      if (w < 8 || h < 8) return;
      rect = { x: left / scale, y: top / scale, width: w / scale, height: h / scale };
    } else {
      const size = tool === 'stamp' ? STAMP_SIZE : 24;
      rect = { x: drag.x1 / scale - size / 2, y: drag.y1 / scale - size / 2, width: size, height: size };
    }
    rect = clampRect(rect, props.width, props.height);
    const screen = new DOMRect(
      bounds.left + rect.x * scale,
      bounds.top + rect.y * scale,
      rect.width * scale,
      rect.height * scale,
    );
    props.onPlace(pageIndex, rect, screen);
    event.stopPropagation();
  }

  return (
    <div
      ref={rootRef}
      className={`aw-overlay${placing ? ` aw-overlay-placing aw-tool-${tool}` : ''}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      {items.map((item) => {
        const { annotation, placement, number, decoration } = item;
        const color = markColor(annotation, decoration);
        const selected = annotation.id === selectedId;
        const flashing = annotation.id === flashId;
        const className = withDecorationClass(
          `aw-mark${selected ? ' aw-selected' : ''}${flashing ? ' aw-flash' : ''}`,
          decoration,
        );
        if (placement.kind === 'text') {
          const list = boxes.get(annotation.id) ?? [];
          const first = placement.parts[0]?.page === pageIndex ? list[0] : undefined;
          const last = placement.parts[placement.parts.length - 1]?.page === pageIndex ? list.at(-1) : undefined;
          const layer = textMarkLayer(annotation.kind, color);
          const name = decoratedName(markName(annotation, number), decoration);
          const select = () => props.onSelect(annotation.id);
          return (
            <div
              key={annotation.id}
              className={`${className} aw-text-mark aw-kind-${annotation.kind}`}
              data-annotation-id={annotation.id}
            >
              {list.map((box, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: boxes of one highlight have no identity but their order
                  key={i}
                  className={`aw-hl${layer.line ? ` aw-line-${layer.line}` : ''}`}
                  style={{
                    ...boxStyle(box),
                    background: layer.fill ?? 'transparent',
                    borderBottomColor: annotation.kind === 'highlight' ? color : 'transparent',
                    ['--aw-line' as string]: layer.lineColor,
                    ['--aw-line-width' as string]: `${lineWidth(box)}px`,
                  }}
                />
              ))}
              {last && layer.caret && (
                <span
                  className="aw-insert-caret"
                  aria-hidden="true"
                  style={{ left: last.left + last.width, top: last.top, height: last.height }}
                >
                  ∧
                </span>
              )}
              {last && layer.callout && annotation.suggestion && (
                <div
                  className={`aw-callout aw-callout-${annotation.kind}`}
                  aria-hidden="true"
                  style={{ left: last.left + last.width, top: last.top, fontSize: calloutSize(scale) }}
                  onClick={select}
                  title={annotation.suggestion}
                >
                  <span className="aw-callout-sign">{annotation.kind === 'insert' ? '+' : '→'}</span>
                  <ins>{clipCallout(annotation.suggestion)}</ins>
                </div>
              )}
              {first && (
                <button
                  type="button"
                  className="aw-badge"
                  style={{ left: first.left - 10, top: first.top - 10, background: color }}
                  onClick={select}
                  aria-label={name}
                >
                  {number}
                </button>
              )}
            </div>
          );
        }
        if (placement.kind !== 'area') return null;
        const rect = placement.rect;
        if (isDrawnMark(annotation.kind)) {
          const shape = annotation.shape;
          if (!shape || props.width <= 0) return null;
          const ink = decoration ? { ...shape, color } : shape;
          const anchorAt = shapeAnchor(annotation.kind, shape);
          const bounds = selected ? shapeBounds(shape) : null;
          const pageWidth = props.width * scale;
          const pageHeight = props.height * scale;
          const name = decoratedName(markName(annotation, number), decoration);
          return (
            <div
              key={annotation.id}
              className={`${className} aw-drawn-mark aw-kind-${annotation.kind}`}
              data-annotation-id={annotation.id}
              data-color={ink.color}
            >
              <DrawnShapeSvg
                kind={annotation.kind}
                shape={ink}
                width={props.width}
                height={props.height}
                scale={scale}
                onHit={() => props.onSelect(annotation.id)}
              />
              {bounds && (
                <div
                  className="aw-drawn-bounds"
                  style={{
                    left: bounds.x * pageWidth - 6,
                    top: bounds.y * pageHeight - 6,
                    width: bounds.width * pageWidth + 12,
                    height: bounds.height * pageHeight + 12,
                  }}
                />
              )}
              <button
                type="button"
                className="aw-badge aw-drawn-badge"
                style={{
                  left: clampTo(anchorAt.x * pageWidth - 22, 0, pageWidth - 20),
                  top: clampTo(anchorAt.y * pageHeight - 22, 0, pageHeight - 20),
                  background: color,
                }}
                onClick={() => props.onSelect(annotation.id)}
                aria-label={name}
              >
                {number}
              </button>
            </div>
          );
        }
        if (annotation.kind === 'stamp' && rect && annotation.stamp) {
          return (
            <button
              type="button"
              key={annotation.id}
              className={`${className} aw-stamp`}
              data-annotation-id={annotation.id}
              style={{
                ...rectStyle(rect, scale),
                color: decoration ? color : STAMP_COLOR[annotation.stamp],
                fontSize: rect.height * scale * 0.7,
              }}
              onClick={() => props.onSelect(annotation.id)}
              aria-label={decoratedName(`印章 ${STAMP_LABEL[annotation.stamp]}（批注 ${number}）`, decoration)}
            >
              {annotation.stamp}
            </button>
          );
        }
        if (annotation.kind === 'area' && rect) {
          return (
            <button
              type="button"
              key={annotation.id}
              className={`${className} aw-area`}
              data-annotation-id={annotation.id}
              style={{ ...rectStyle(rect, scale), borderColor: color, background: fill(color, 0.08) }}
              onClick={() => props.onSelect(annotation.id)}
              aria-label={decoratedName(`区域批注 ${number}`, decoration)}
            >
              <span className="aw-badge aw-badge-static" style={{ background: color }}>
                {number}
              </span>
            </button>
          );
        }
        // A page note: at the spot clicked, or in the page's top-right margin.
        const spot = rect
          ? { left: rect.x * scale, top: rect.y * scale }
          : { left: props.width * scale - 34, top: 8 + 30 * (number % 8) };
        return (
          <button
            type="button"
            key={annotation.id}
            className={`${className} aw-note`}
            data-annotation-id={annotation.id}
            style={{ left: spot.left, top: spot.top, background: color }}
            onClick={() => props.onSelect(annotation.id)}
            aria-label={decoratedName(`页面批注 ${number}`, decoration)}
          >
            {number}
          </button>
        );
      })}
      {(boxes.get('__draft') ?? []).map((box, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: draft boxes are positional
        <div key={`d${i}`} className="aw-hl aw-draft" style={boxStyle(box)} />
      ))}
      {draft && !draft.parts && draft.page === pageIndex && draft.rect && (
        <div className="aw-draft aw-draft-rect" style={rectStyle(draft.rect, scale)} />
      )}
      {caretBox && <div className="aw-caret" data-testid="keyboard-caret" style={boxStyle(caretBox)} />}
      {drag && tool === 'area' && (
        <div
          className="aw-draft aw-draft-rect"
          style={{
            left: Math.min(drag.x0, drag.x1),
            top: Math.min(drag.y0, drag.y1),
            width: Math.abs(drag.x1 - drag.x0),
            height: Math.abs(drag.y1 - drag.y0),
          }}
        />
      )}
    </div>
  );
}

/** The underline or strike-through's thickness: about a twelfth of the line's height, 1.5–3 px. */
function lineWidth(box: Box): number {
  return Math.max(1.5, Math.min(3, Math.round(box.height / 12)));
}

/** A callout shows at most 40 characters; the whole suggestion is in the list and its tooltip. */
function clipCallout(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat;
}

/** The callout's type follows the zoom a little: 12 px at 100 % and above, never under 9 px. */
function calloutSize(scale: number): number {
  return Math.round(Math.max(9, Math.min(12, 12 * scale)));
}

function clampTo(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}

function boxStyle(box: Box) {
  return { left: box.left, top: box.top, width: box.width, height: box.height };
}

function rectStyle(rect: PageRect, scale: number) {
  return { left: rect.x * scale, top: rect.y * scale, width: rect.width * scale, height: rect.height * scale };
}

function clampRect(rect: PageRect, width: number, height: number): PageRect {
  const x = Math.max(0, Math.min(rect.x, width - rect.width));
  const y = Math.max(0, Math.min(rect.y, height - rect.height));
  return { x, y, width: Math.min(rect.width, width), height: Math.min(rect.height, height) };
}
