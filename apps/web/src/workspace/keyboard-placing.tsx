import type { PageRect } from '@zikao/anchoring';
import type { Draft } from './page-overlay.tsx';

/** A box or stamp being placed from the keyboard: its page and its rectangle in page points. */
export interface Placing {
  kind: 'area' | 'stamp';
  page: number;
  rect: PageRect;
}

type Size = { width: number; height: number };

const AREA = { width: 200, height: 100 };
const STAMP = 40;
const MIN_AREA = 16;

/** Where a keyboard-placed box starts: centred on what shows of the page. */
export function startPlacing(
  kind: 'area' | 'stamp',
  page: number,
  spot: { x: number; y: number },
  size: Size,
): Placing {
  const width = kind === 'stamp' ? STAMP : Math.min(AREA.width, size.width);
  const height = kind === 'stamp' ? STAMP : Math.min(AREA.height, size.height);
  return { kind, page, rect: clamp({ x: spot.x - width / 2, y: spot.y - height / 2, width, height }, size) };
}

/**
 * Moves the box by (dx, dy) points, or with `resize` grows or shrinks an area box's right and
 * bottom edges instead; it always stays on its page.
 */
export function movePlacement(
  placing: Placing,
  dx: number,
  dy: number,
  resize: boolean,
  size: Size | undefined,
): Placing {
  const page = size ?? { width: 595, height: 842 };
  const { rect } = placing;
  if (resize && placing.kind === 'area') {
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

/** The placing box drawn as a draft on its page. */
export function placingDraft(placing: Placing | null): Draft | null {
  return placing ? { kind: placing.kind, page: placing.page, rect: placing.rect } : null;
}

/** The keys that work now, shown while the keyboard selects text or places a box. */
export function KeyHint({ caret, placing }: { caret: boolean; placing: 'area' | 'stamp' | null }) {
  if (!caret && !placing) return null;
  const text = placing
    ? `放置${placing === 'area' ? '区域框' : '印章'}：方向键移动${placing === 'area' ? '，Shift+方向键调整大小' : ''}，Enter 确定，Esc 取消`
    : '键盘选择：↑ ↓ 选上一句 / 下一句，← → 移动光标，Shift+方向键调整选择，Ctrl+← → 按分句，Enter 添加批注，Esc 退出';
  return (
    <div className="aw-keyhint" data-testid="keyboard-hint">
      {text}
    </div>
  );
}
