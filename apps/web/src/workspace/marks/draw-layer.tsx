import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { useDrawState } from './draw-context.ts';
import { constrainEnd, distanceToShape, type Stroke, twoPointShape } from './draw-geometry.ts';
import { DrawnShapeSvg } from './drawn-shape.tsx';
import './marks-tools.css';

export interface DrawLayerProps {
  pageIndex: number;
  /** CSS pixels per PDF point. */
  scale: number;
  /** The page in PDF points. */
  width: number;
  height: number;
}

/** Shorter drags than this (CSS px) are taps, not lines. */
const MIN_DRAG_PX = 4;
/** How near (CSS px) the eraser must come to a mark's ink. */
const ERASER_REACH_PX = 8;

interface Gesture {
  pointerId: number;
  /** Pen: the stroke so far, in page fractions. Line/arrow/ellipse: start and end in PDF points. */
  points: number[][];
  start: number[];
  end: number[];
  shift: boolean;
  pressure: boolean;
}

/**
 * The drawing tools' input on one page: pen strokes, line, arrow and ellipse drags, and the
 * eraser; and the preview of what is being drawn. Pointer events with capture, so a stroke that
 * leaves the page still ends; a stylus's pressure is kept per point; `touch-action: none` while a
 * tool is active so a finger draws instead of scrolling. Mounted beside each page's overlay.
 */
export function DrawLayer({ pageIndex, scale, width, height }: DrawLayerProps) {
  const state = useDrawState();
  const rootRef = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const erased = useRef(new Set<string>());
  if (!state || width <= 0 || height <= 0) return null;
  const { tool, color } = state;
  const size = { width, height };
  const previews = state.previews.filter((preview) => preview.page === pageIndex);

  function local(event: { clientX: number; clientY: number }): [number, number] {
    const rect = (rootRef.current as HTMLDivElement).getBoundingClientRect();
    return [(event.clientX - rect.left) / scale, (event.clientY - rect.top) / scale];
  }

  function erase(event: { clientX: number; clientY: number }) {
    const at = local(event);
    for (const mark of state?.drawn.get(pageIndex) ?? []) {
      if (!mark.mine || erased.current.has(mark.id)) continue;
      const reach = ERASER_REACH_PX / scale + mark.shape.width / 2;
      if (distanceToShape(mark.kind, mark.shape, size, at) <= reach) {
        erased.current.add(mark.id);
        state?.onErase(mark.id);
      }
    }
  }

  function penPoint(event: PointerEvent | ReactPointerEvent['nativeEvent'], pressure: boolean): number[] {
    const [x, y] = local(event);
    const point = [Math.max(0, Math.min(1, x / width)), Math.max(0, Math.min(1, y / height))];
    // Only a stylus reports real pressure; a mouse's constant 0.5 would mean nothing.
    if (pressure) point.push(Math.max(0, Math.min(1, event.pressure)));
    return point;
  }

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (!tool || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.stopPropagation();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks (a synthetic event): the stroke still works without capture.
    }
    if (tool === 'eraser') {
      erased.current = new Set();
      setGesture({ pointerId: event.pointerId, points: [], start: [], end: [], shift: false, pressure: false });
      erase(event);
      return;
    }
    const pressure = event.pointerType === 'pen';
    const at = local(event);
    setGesture({
      pointerId: event.pointerId,
      points: tool === 'pen' ? [penPoint(event.nativeEvent, pressure)] : [],
      start: at,
      end: at,
      shift: event.shiftKey,
      pressure,
    });
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    event.preventDefault();
    if (tool === 'eraser') {
      erase(event);
      return;
    }
    if (tool === 'pen') {
      // Coalesced events carry the points the browser merged into this one: smoother ink.
      const native = event.nativeEvent;
      const batch = native.getCoalescedEvents?.() ?? [];
      const points = (batch.length > 0 ? batch : [native]).map((e) => penPoint(e, gesture.pressure));
      setGesture({ ...gesture, points: [...gesture.points, ...points] });
      return;
    }
    setGesture({ ...gesture, end: local(event), shift: event.shiftKey });
  }

  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    event.stopPropagation();
    setGesture(null);
    if (!tool || tool === 'eraser') return;
    if (tool === 'pen') {
      state?.onStroke(pageIndex, gesture.points as Stroke, size);
      return;
    }
    const end = gesture.shift || event.shiftKey ? constrainEnd(tool, gesture.start, local(event)) : local(event);
    const dragged =
      Math.hypot((end[0] ?? 0) - (gesture.start[0] ?? 0), (end[1] ?? 0) - (gesture.start[1] ?? 0)) * scale;
    if (dragged < MIN_DRAG_PX) return;
    state?.onShape(pageIndex, tool, gesture.start, end, size);
  }

  // The live preview of the stroke or drag under way.
  let live: { kind: 'pen' | 'line' | 'arrow' | 'ellipse'; shape: ReturnType<typeof twoPointShape> } | null = null;
  if (gesture && tool && tool !== 'eraser') {
    if (tool === 'pen') {
      live = { kind: 'pen', shape: { color, width: state.width, strokes: [gesture.points] } };
    } else {
      const end = gesture.shift ? constrainEnd(tool, gesture.start, gesture.end) : gesture.end;
      live = { kind: tool, shape: twoPointShape(gesture.start, end, size, color, state.width) };
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's drawing surface; the keyboard places shapes with L / T / O and Enter
    <div
      ref={rootRef}
      className={`aw-draw-layer${tool ? ` aw-draw-active aw-draw-${tool}` : ''}`}
      data-testid={tool ? `draw-layer-${pageIndex}` : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setGesture(null)}
      onMouseUp={(event) => tool && event.stopPropagation()}
    >
      {previews.map((preview, index) => (
        <DrawnShapeSvg
          // biome-ignore lint/suspicious/noArrayIndexKey: previews are positional
          key={index}
          className="aw-draw-preview"
          kind={preview.kind}
          shape={preview.shape}
          width={width}
          height={height}
          scale={scale}
        />
      ))}
      {live && (live.shape.strokes[0]?.length ?? 0) > 0 && (
        <DrawnShapeSvg
          className="aw-draw-preview"
          kind={live.kind}
          shape={live.shape}
          width={width}
          height={height}
          scale={scale}
        />
      )}
    </div>
  );
}
