/** What a key does on the board's 课件 tab. */
export type BoardKeyAction = 'previous' | 'next' | 'zoomIn' | 'zoomOut' | 'fit' | null;

/** Elements that keep their own keys: typing, choosing, the tab strip. */
const OWN_KEYS =
  'input, textarea, select, [contenteditable="true"], [role="tab"], [role="slider"], [role="combobox"], [role="switch"], .ant-select';

/**
 * ← → turn pages, + and − zoom, 0 fits the whole page: anywhere on the board except where a field or
 * a control uses the key itself, and never with Ctrl, ⌘ or Alt (the browser's own zoom and history).
 */
export function boardKeyAction(
  event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  target: { closest?(selector: string): unknown } | null,
): BoardKeyAction {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (target?.closest?.(OWN_KEYS)) return null;
  switch (event.key) {
    case 'ArrowLeft':
    case 'PageUp':
      return 'previous';
    case 'ArrowRight':
    case 'PageDown':
      return 'next';
    case '+':
    case '=':
      return 'zoomIn';
    case '-':
    case '_':
      return 'zoomOut';
    case '0':
      return 'fit';
    default:
      return null;
  }
}
