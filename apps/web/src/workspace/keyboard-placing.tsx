import type { PageRect } from '@zikao/anchoring';
import type { AnnotationShape } from '@zikao/contract/annotation';
import { twoPointShape } from './marks/draw-geometry.ts';
import type { Draft } from './page-overlay.tsx';

export type PlacingKind = 'area' | 'stamp' | 'line' | 'arrow' | 'ellipse';

/**
 * A box, stamp or shape being placed from the keyboard: its page and its rectangle in page points.
 * A line or arrow runs from the rectangle's top-left corner to `end` (its head there).
 */
export interface Placing {
  kind: PlacingKind;
  page: number;
  rect: PageRect;
  end?: { x: number; y: number };
}

type Size = { width: number; height: number };

const AREA = { width: 200, height: 100 };
const ELLIPSE = { width: 120, height: 60 };
const LINE = 120;
const STAMP = 40;
const MIN_AREA = 16;

/** Where a keyboard-placed box starts: centred on what shows of the page. A line or arrow starts level, pointing right. */
export function startPlacing(kind: PlacingKind, page: number, spot: { x: number; y: number }, size: Size): Placing {
  if (kind === 'line' || kind === 'arrow') {
    const length = Math.min(LINE, size.width);
    const x = Math.max(0, Math.min(size.width - length, spot.x - length / 2));
    const y = Math.max(0, Math.min(size.height, spot.y));
    return { kind, page, rect: { x, y, width: 0, height: 0 }, end: { x: x + length, y } };
  }
  const box = kind === 'stamp' ? { width: STAMP, height: STAMP } : kind === 'ellipse' ? ELLIPSE : AREA;
  const width = Math.min(box.width, size.width);
  const height = Math.min(box.height, size.height);
  return { kind, page, rect: clamp({ x: spot.x - width / 2, y: spot.y - height / 2, width, height }, size) };
}

/**
 * Moves the box by (dx, dy) points, or with `resize` grows or shrinks an area box's or ellipse's
 * right and bottom edges, or moves a line's or arrow's end, instead; it always stays on its page.
 */
export function movePlacement(
  placing: Placing,
  dx: number,
  dy: number,
  resize: boolean,
  size: Size | undefined,
): Placing {
  const page = size ?? { width: 595, height: 842 };
  const { rect, end } = placing;
  if (end) {
    const inside = (x: number, y: number) => ({
      x: Math.max(0, Math.min(page.width, x)),
      y: Math.max(0, Math.min(page.height, y)),
    });
    if (resize) return { ...placing, end: inside(end.x + dx, end.y + dy) };
    // The whole line moves only as far as both its ends stay on the page.
    const left = Math.min(rect.x, end.x);
    const right = Math.max(rect.x, end.x);
    const top = Math.min(rect.y, end.y);
    const bottom = Math.max(rect.y, end.y);
    const mx = Math.max(-left, Math.min(page.width - right, dx));
    const my = Math.max(-top, Math.min(page.height - bottom, dy));
    return { ...placing, rect: { ...rect, x: rect.x + mx, y: rect.y + my }, end: { x: end.x + mx, y: end.y + my } };
  }
  if (resize && (placing.kind === 'area' || placing.kind === 'ellipse')) {
    const width = Math.max(MIN_AREA, Math.min(page.width - rect.x, rect.width + dx));
    const height = Math.max(MIN_AREA, Math.min(page.height - rect.y, rect.height + dy));
    return { ...placing, rect: { ...rect, width, height } };
  }
  return { ...placing, rect: clamp({ ...rect, x: rect.x + dx, y: rect.y + dy }, page) };
}

function clamp(rect: PageRect, size: Size): PageRect {
  return {
    ...rect,
    x: Math.max(0, Math.min(size.width - rect.width, rect.x)),
    y: Math.max(0, Math.min(size.height - rect.height, rect.y)),
  };
}

/** The placing box drawn as a draft on its page (shapes are drawn by their drawing layer instead). */
export function placingDraft(placing: Placing | null): Draft | null {
  if (!placing || placingShapeKind(placing) !== null) return null;
  return { kind: placing.kind, page: placing.page, rect: placing.rect };
}

function placingShapeKind(placing: Placing): 'line' | 'arrow' | 'ellipse' | null {
  return placing.kind === 'line' || placing.kind === 'arrow' || placing.kind === 'ellipse' ? placing.kind : null;
}

/** A keyboard-placed line, arrow or ellipse as the shape it saves; null for boxes and stamps. */
export function placingShape(
  placing: Placing,
  size: Size,
  color: string,
  width: number,
): { kind: 'line' | 'arrow' | 'ellipse'; shape: AnnotationShape } | null {
  const kind = placingShapeKind(placing);
  if (!kind) return null;
  const { rect, end } = placing;
  const to = end ? [end.x, end.y] : [rect.x + rect.width, rect.y + rect.height];
  return { kind, shape: twoPointShape([rect.x, rect.y], to, size, color, width) };
}

const PLACING_NAME: Record<PlacingKind, string> = {
  area: '区域框',
  stamp: '印章',
  line: '直线',
  arrow: '箭头',
  ellipse: '椭圆',
};

/** The keys that work now, shown while the keyboard selects text or places a box. */
export function KeyHint({
  caret,
  placing,
  pen = 0,
}: {
  caret: boolean;
  placing: PlacingKind | null;
  /** Strokes of a pen mark not yet finished. */
  pen?: number;
}) {
  if (!caret && !placing && pen === 0) return null;
  const resize =
    placing === 'area' || placing === 'ellipse'
      ? '，Shift+方向键调整大小'
      : placing === 'line' || placing === 'arrow'
        ? '，Shift+方向键移动终点'
        : '';
  const text = placing
    ? `放置${PLACING_NAME[placing]}：方向键移动${resize}，Enter 确定，Esc 取消`
    : pen > 0
      ? `画笔：已画 ${pen} 笔，继续画或按 Enter 完成，Esc 放弃`
      : '键盘选择：↑ ↓ 选上一句 / 下一句，← → 移动光标，Shift+方向键调整选择，Ctrl+← → 按分句，Enter 添加批注，U / D / M / I 划线、删除、修改、插入，Esc 退出';
  return (
    <div className="aw-keyhint" data-testid="keyboard-hint">
      {text}
    </div>
  );
}
