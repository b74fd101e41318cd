import {
  type AnnotationShape,
  type DrawnKind,
  isDrawnMark,
  SHAPE_COLORS,
  SHAPE_MAX_STROKES,
  SHAPE_WIDTH_DEFAULT,
} from '@zikao/contract/annotation';
import { useMemo, useRef, useState } from 'react';
import type { WorkspaceAnnotation } from '../annotation-model.ts';
import { type Placing, placingShape } from '../keyboard-placing.tsx';
import type { DrawnOnPage, DrawState, ShapePreview } from './draw-context.ts';
import { type PageSize, prepareStrokes, type Stroke, twoPointShape } from './draw-geometry.ts';
import { isPointerTool, type WorkspaceTool } from './tools.ts';

/** Pen strokes drawn but not yet finished into a mark: they all belong to one page. */
interface PenInProgress {
  page: number;
  size: PageSize;
  strokes: Stroke[];
}

export interface DrawingOptions {
  /** The pointer draws (a drawing tool is in hand, the page is editable and no form is open). */
  active: boolean;
  tool: WorkspaceTool;
  annotations: readonly WorkspaceAnnotation[];
  authorId: number;
  /** A keyboard-placed shape, previewed on its page. */
  placing: Placing | null;
  sizes: ReadonlyArray<PageSize>;
  /** A shape is drawn: open its form. */
  onDrawn(page: number, kind: DrawnKind, shape: AnnotationShape, size: PageSize): void;
  onErase(id: string): void;
  announce(text: string): void;
}

/**
 * The drawing tools' state: colour and width, pen strokes gathering into one mark (finished with
 * Enter, 完成, another tool, or at the contract's stroke limit), and what the page layers share.
 */
export function useDrawing(options: DrawingOptions) {
  const { active, tool, annotations, authorId, placing, sizes } = options;
  const [color, setColor] = useState<string>(SHAPE_COLORS[0].key);
  const [width, setWidth] = useState<number>(SHAPE_WIDTH_DEFAULT);
  const [pen, setPen] = useState<PenInProgress | null>(null);
  const latest = useRef({ options, pen, color, width });
  latest.current = { options, pen, color, width };

  /** Ends the pen strokes so far into one pen mark (with these strokes, or those drawn). */
  function finish(done: PenInProgress | null = latest.current.pen) {
    if (!done || done.strokes.length === 0) return;
    const { color: inkColor, width: inkWidth } = latest.current;
    setPen(null);
    latest.current.options.onDrawn(
      done.page,
      'pen',
      { color: inkColor, width: inkWidth, strokes: prepareStrokes(done.strokes, done.size) },
      done.size,
    );
  }

  function cancel() {
    setPen(null);
    latest.current.options.announce('已放弃画笔笔迹');
  }

  // The drawn marks per page, for the eraser; only the reviewer's own can be erased.
  const drawn = useMemo(() => {
    const pages = new Map<number, DrawnOnPage[]>();
    for (const annotation of annotations) {
      if (!isDrawnMark(annotation.kind) || !annotation.shape) continue;
      const list = pages.get(annotation.pageIndex) ?? [];
      list.push({
        id: annotation.id,
        kind: annotation.kind,
        shape: annotation.shape,
        mine: annotation.authorId === authorId,
      });
      pages.set(annotation.pageIndex, list);
    }
    return pages;
  }, [annotations, authorId]);

  const previews = useMemo(() => {
    const list: ShapePreview[] = [];
    if (pen) list.push({ page: pen.page, kind: 'pen', shape: { color, width, strokes: pen.strokes } });
    const size = placing ? sizes[placing.page] : undefined;
    const shape = placing && size ? placingShape(placing, size, color, width) : null;
    if (placing && shape) list.push({ page: placing.page, ...shape });
    return list;
  }, [pen, placing, sizes, color, width]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: finish reads the latest state through a ref
  const state = useMemo<DrawState>(
    () => ({
      tool: active && isPointerTool(tool) ? tool : null,
      color,
      width,
      previews,
      drawn,
      onStroke(page, stroke, size) {
        const current = latest.current.pen;
        // Strokes make one mark on one page: a stroke on another page ends the mark first.
        if (current && current.page !== page) {
          finish(current);
          return;
        }
        const next = { page, size, strokes: [...(current?.strokes ?? []), stroke] };
        if (next.strokes.length >= SHAPE_MAX_STROKES) finish(next);
        else setPen(next);
      },
      onShape(page, kind, start, end, size) {
        latest.current.options.onDrawn(page, kind, twoPointShape(start, end, size, color, width), size);
      },
      onErase(id) {
        latest.current.options.onErase(id);
      },
    }),
    [active, tool, color, width, previews, drawn],
  );

  return {
    color,
    width,
    setStyle(style: { color?: string; width?: number }) {
      if (style.color) setColor(style.color);
      if (style.width) setWidth(style.width);
    },
    penStrokes: pen?.strokes.length ?? 0,
    finishPen: () => finish(),
    cancelPen: cancel,
    state,
  };
}
