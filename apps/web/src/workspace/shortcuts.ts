/** Keyboard shortcuts of the workspace, as listed in its `?` dialog. */
export const SHORTCUTS: ReadonlyArray<{ keys: string; action: string }> = [
  { keys: '选中文字后 H 或 Enter', action: '为选中文字添加批注' },
  { keys: '1 – 6', action: '批注框中（焦点不在文字框时）选择类别：内容、结构、语言、格式、引用、其他' },
  { keys: 'Alt + 1 – 9', action: '插入第 N 条常用批注语' },
  { keys: 'Ctrl/⌘ + Enter', action: '保存批注' },
  { keys: 'Esc', action: '取消、关闭弹窗，回到选择工具' },
  { keys: 'V', action: '选择文字工具' },
  { keys: 'A', action: '区域框选工具' },
  { keys: 'N', action: '页面批注工具' },
  { keys: 'S', action: '印章工具' },
  { keys: 'J / K', action: '下一条 / 上一条批注' },
  { keys: 'Delete', action: '删除选中的批注' },
  { keys: 'Ctrl/⌘ + Z', action: '撤销' },
  { keys: 'Ctrl/⌘ + = / −', action: '放大 / 缩小' },
  { keys: 'Ctrl/⌘ + 0', action: '适合宽度' },
  { keys: 'PageDown / PageUp', action: '下一页 / 上一页' },
  { keys: '?', action: '显示快捷键' },
];

/** True when a key event is typing into a field, where single-letter shortcuts must not fire. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).closest !== 'function') return false;
  const element = target as HTMLElement;
  return Boolean(element.closest('input, textarea, select, [contenteditable="true"], [role="dialog"] .aw-form'));
}

export const ZOOM_MIN = 0.4;
export const ZOOM_MAX = 4;

/** The next zoom step up or down: 10% steps below 100%, 25% above, within the limits. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const step = zoom < 1 || (zoom === 1 && direction < 0) ? 0.1 : 0.25;
  const next = Math.round((zoom + direction * step) * 100) / 100;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
}
