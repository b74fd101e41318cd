import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';
import { readPreference, writePreference } from '../../../../shared/utils/user-preference.ts';

export const PANEL_MIN = 300;
export const PANEL_MAX = 640;
const PANEL_DEFAULT = 380;
const WIDTH_PREFERENCE = 'review_panel_width';

/** Keeps a panel width inside its limits; a bad stored value gives the default. */
export function clampPanelWidth(width: number): number {
  if (!Number.isFinite(width)) return PANEL_DEFAULT;
  return Math.round(Math.min(PANEL_MAX, Math.max(PANEL_MIN, width)));
}

function storedWidth(): number {
  return readPreference(WIDTH_PREFERENCE, (raw) => clampPanelWidth(Number(raw))) ?? PANEL_DEFAULT;
}

/**
 * The review panel's width, dragged by a splitter (or moved with the arrow keys on it) and kept
 * for the person's next visit. Dragging left widens the panel, since it sits on the right.
 */
export function usePanelWidth() {
  const [width, setWidth] = useState(storedWidth);
  const drag = useRef<{ x: number; width: number } | null>(null);

  const commit = useCallback((next: number) => {
    const clamped = clampPanelWidth(next);
    setWidth(clamped);
    writePreference(WIDTH_PREFERENCE, String(clamped));
  }, []);

  const separator = {
    role: 'separator',
    tabIndex: 0,
    'aria-orientation': 'vertical' as const,
    'aria-label': '调整评阅栏宽度',
    'aria-valuenow': width,
    'aria-valuemin': PANEL_MIN,
    'aria-valuemax': PANEL_MAX,
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { x: event.clientX, width };
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (drag.current) setWidth(clampPanelWidth(drag.current.width + drag.current.x - event.clientX));
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (!drag.current) return;
      commit(drag.current.width + drag.current.x - event.clientX);
      drag.current = null;
    },
    onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
      const step = event.shiftKey ? 64 : 16;
      if (event.key === 'ArrowLeft') commit(width + step);
      else if (event.key === 'ArrowRight') commit(width - step);
      else if (event.key === 'Home') commit(PANEL_MAX);
      else if (event.key === 'End') commit(PANEL_MIN);
      else return;
      event.preventDefault();
    },
  };
  return { width, separator };
}
