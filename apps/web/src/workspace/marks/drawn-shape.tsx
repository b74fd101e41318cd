import type { AnnotationShape, DrawnKind } from '@zikao/contract/annotation';
import type { MouseEvent as ReactMouseEvent } from 'react';
import {
  arrowGeometry,
  ellipseGeometry,
  hasVariablePressure,
  type Pt,
  pressureOutline,
  shapeBounds,
  smoothPath,
  toPixels,
} from './shape-geometry.ts';

export interface DrawnShapeSvgProps {
  kind: DrawnKind;
  shape: AnnotationShape;
  /** The page's width and height in PDF points (as PageOverlay's `width` and `height`). */
  width: number;
  height: number;
  /** CSS pixels per PDF point: the svg is `width * scale` × `height * scale` px. */
  scale: number;
  className?: string;
  /** Read out for the drawing (role img); without it the svg is hidden from assistive technology. */
  title?: string;
  /**
   * Given, the strokes take clicks along a band a little wider than the ink (and nowhere else, so
   * the text under the mark stays selectable), and call this.
   */
  onHit?(event: ReactMouseEvent<SVGElement>): void;
  /** Extra px either side of the ink that still counts as a click on it. */
  hitSlop?: number;
}

/** The smallest stroke drawn on screen, so a 0.5 pt line at 50 % zoom still shows. */
const MIN_STROKE_PX = 0.75;

/**
 * A drawn mark (pen, line, arrow, ellipse) as an absolutely positioned svg of the page's pixel
 * size, drawing nothing outside the ink: it lets the pointer through (`pointer-events: none`)
 * except on the hit band of its strokes when `onHit` is given.
 */
export function DrawnShapeSvg(props: DrawnShapeSvgProps) {
  const { kind, shape, scale, className, title, onHit } = props;
  const pixelWidth = props.width * scale;
  const pixelHeight = props.height * scale;
  const strokeWidth = Math.max(MIN_STROKE_PX, shape.width * scale);
  const strokes = shape.strokes.map((stroke) => toPixels(stroke, pixelWidth, pixelHeight));
  const hitWidth = strokeWidth + 2 * (props.hitSlop ?? 6);
  return (
    <svg
      className={className ? `aw-drawn ${className}` : 'aw-drawn'}
      data-kind={kind}
      width={pixelWidth}
      height={pixelHeight}
      viewBox={`0 0 ${pixelWidth} ${pixelHeight}`}
      style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible', pointerEvents: 'none' }}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title && <title>{title}</title>}
      <ShapeInk kind={kind} strokes={strokes} color={shape.color} strokeWidth={strokeWidth} />
      {onHit && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's way to the mark; the keyboard's is its number badge and the list
        <g className="aw-drawn-hit" style={{ pointerEvents: 'stroke', cursor: 'pointer' }} onClick={onHit}>
          <ShapeInk kind={kind} strokes={strokes} color="transparent" strokeWidth={hitWidth} hit />
        </g>
      )}
    </svg>
  );
}

function ShapeInk(props: { kind: DrawnKind; strokes: Pt[][]; color: string; strokeWidth: number; hit?: boolean }) {
  const { kind, strokes, color, strokeWidth, hit } = props;
  const line = {
    stroke: color,
    strokeWidth,
    fill: 'none',
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  const [a, b] = strokes[0] ?? [];
  if (kind === 'pen') {
    return (
      <>
        {strokes.map((points, i) =>
          !hit && hasVariablePressure(points) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: strokes have no identity but their order
            <path key={i} className="aw-ink" d={pressureOutline(points, strokeWidth)} fill={color} stroke="none" />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <path key={i} className="aw-ink" d={smoothPath(points)} {...line} />
          ),
        )}
      </>
    );
  }
  if (!a || !b) return null;
  if (kind === 'line') return <line className="aw-ink" x1={a.x} y1={a.y} x2={b.x} y2={b.y} {...line} />;
  if (kind === 'ellipse') return <ellipse className="aw-ink" {...ellipseGeometry(a, b)} {...line} />;
  // An arrow: a shaft and a filled head. The hit band is the whole line from tail to tip.
  if (hit) return <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} {...line} />;
  const arrow = arrowGeometry(a, b, strokeWidth);
  return (
    <>
      <line className="aw-ink" {...arrow.shaft} {...line} strokeLinecap="butt" />
      {arrow.head && (
        <path
          className="aw-ink aw-arrow-head"
          d={arrow.head}
          fill={color}
          stroke={color}
          strokeWidth={Math.min(strokeWidth, 1)}
          strokeLinejoin="round"
        />
      )}
    </>
  );
}

export interface DrawnShapeThumbProps {
  kind: DrawnKind;
  shape: AnnotationShape;
  /** The thumbnail's side in px. */
  size?: number;
  /** The page's width over its height (A4 portrait unless told). */
  aspect?: number;
}

/** A small picture of a drawn mark for lists: its strokes fitted into a square, in their colour. */
export function DrawnShapeThumb({ kind, shape, size = 28, aspect = 595.28 / 841.89 }: DrawnShapeThumbProps) {
  const bounds = shapeBounds(shape) ?? { x: 0, y: 0, width: 0, height: 0 };
  // Fit the shape's box (in a page of aspect × 1 units) into the square, with a margin for the ink.
  const pageWidth = 1000 * aspect;
  const pageHeight = 1000;
  const boxWidth = Math.max(bounds.width * pageWidth, 1);
  const boxHeight = Math.max(bounds.height * pageHeight, 1);
  const inner = size - 6;
  const fit = inner / Math.max(boxWidth, boxHeight);
  const offsetX = 3 + (inner - boxWidth * fit) / 2 - bounds.x * pageWidth * fit;
  const offsetY = 3 + (inner - boxHeight * fit) / 2 - bounds.y * pageHeight * fit;
  const strokes = shape.strokes.map((stroke) =>
    toPixels(stroke, pageWidth * fit, pageHeight * fit).map((pt) => ({ ...pt, x: pt.x + offsetX, y: pt.y + offsetY })),
  );
  return (
    <svg
      className="aw-drawn-thumb"
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden
      focusable="false"
    >
      <ShapeInk
        kind={kind}
        strokes={strokes}
        color={shape.color}
        strokeWidth={Math.min(3, Math.max(1.5, shape.width))}
      />
    </svg>
  );
}
