import type { AnnotationShape, DrawnKind } from '@zikao/contract/annotation';
import { createContext, useContext } from 'react';
import type { PageSize, Stroke } from './draw-geometry.ts';
import type { DrawTool } from './tools.ts';

/** A drawn mark already on a page, as the eraser sees it. */
export interface DrawnOnPage {
  id: string;
  kind: DrawnKind;
  shape: AnnotationShape;
  /** The reviewer's own: only those can be erased. */
  mine: boolean;
}

/** A shape shown while it is being made (pen strokes not yet finished, a keyboard-placed line). */
export interface ShapePreview {
  page: number;
  kind: DrawnKind;
  shape: AnnotationShape;
}

/** What the per-page drawing layers share with the workspace. */
export interface DrawState {
  /** The active drawing tool or the eraser; null when the pointer selects text. */
  tool: DrawTool | 'eraser' | null;
  color: string;
  /** Stroke width in PDF points. */
  width: number;
  previews: readonly ShapePreview[];
  drawn: ReadonlyMap<number, readonly DrawnOnPage[]>;
  /** A pen stroke ended (page fractions, pressure only from a pen). */
  onStroke(page: number, stroke: Stroke, size: PageSize): void;
  /** A line, arrow or ellipse was dragged (PDF points). */
  onShape(page: number, kind: Exclude<DrawTool, 'pen'>, start: number[], end: number[], size: PageSize): void;
  /** The eraser went over a drawn mark of the reviewer's own. */
  onErase(id: string): void;
}

export const DrawContext = createContext<DrawState | null>(null);

export function useDrawState(): DrawState | null {
  return useContext(DrawContext);
}
