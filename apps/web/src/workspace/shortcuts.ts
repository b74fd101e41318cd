/** Keyboard shortcuts of the workspace, as listed in its `?` dialog, in groups. */
export const SHORTCUT_GROUPS: ReadonlyArray<{
  title: string;
  shortcuts: ReadonlyArray<{ keys: string; action: string }>;
}> = [
  {
    title: '键盘选择文字',
    shortcuts: [
      { keys: 'C', action: '进入 / 退出键盘选择（焦点在论文正文时）' },
      { keys: '↓ / ↑', action: '选中下一句 / 上一句' },
      { keys: '← / →', action: '光标左移 / 右移一个字' },
      { keys: 'Shift + 方向键', action: '扩大或缩小选择（← → 按字，↑ ↓ 按句）' },
      { keys: 'Ctrl/⌘ + ← / →', action: '按分句移动（加 Shift 扩大选择）' },
      { keys: 'Home / End', action: '到句首 / 句尾' },
      { keys: 'Enter 或 H', action: '为选中文字添加批注（鼠标选中的文字也可以）' },
    ],
  },
  {
    title: '修改标记',
    shortcuts: [
      { keys: 'U', action: '为选中文字加下划线（没有选中文字时换成下划线工具）' },
      { keys: 'D', action: '删除建议：选中的文字建议删去' },
      { keys: 'M', action: '修改建议：选中的文字建议改为所填文字' },
      { keys: 'I', action: '插入建议：在键盘光标处（或选中文字之后）插入所填文字' },
    ],
  },
  {
    title: '放置批注',
    shortcuts: [
      {
        keys: 'A，再按 Enter',
        action: '在当前页放置区域框：方向键移动，Shift + 方向键调整大小，Ctrl + 方向键微调，Enter 确定',
      },
      { keys: 'S，再按 Enter', action: '在当前页放置印章：方向键移动，Enter 确定' },
      { keys: 'N，再按 Enter', action: '为当前页添加页面批注' },
      {
        keys: 'L / T / O，再按 Enter',
        action: '在当前页放置直线 / 箭头 / 椭圆：方向键移动，Shift + 方向键移动终点或调整大小，Enter 确定',
      },
      { keys: 'P', action: '画笔：用鼠标、手指或手写笔画，Enter 完成，Esc 放弃' },
      { keys: 'X', action: '橡皮擦：点或划过自己画的标记即擦除（Ctrl/⌘ + Z 可撤销）' },
      { keys: 'V', action: '回到选择文字工具' },
    ],
  },
  {
    title: '批注框',
    shortcuts: [
      { keys: '1 – 6', action: '选择类别（焦点不在文字框时）：内容、结构、语言、格式、引用、其他' },
      { keys: 'Alt + 1 – 9', action: '插入第 N 条常用批注语' },
      { keys: 'Tab', action: '在类别、严重程度、批注内容和常用批注语之间移动' },
      { keys: 'Ctrl/⌘ + Enter', action: '保存批注' },
      { keys: 'Esc', action: '取消，回到论文正文' },
    ],
  },
  {
    title: '批注与文档',
    shortcuts: [
      { keys: 'J / K', action: '下一条 / 上一条批注' },
      { keys: 'R', action: '回复选中的批注（Ctrl/⌘ + Enter 发送，Esc 取消）' },
      { keys: 'E', action: '编辑选中的批注（自己的）' },
      { keys: 'Delete', action: '删除选中的批注' },
      { keys: 'Ctrl/⌘ + Z', action: '撤销' },
      { keys: 'Ctrl/⌘ + = / −', action: '放大 / 缩小' },
      { keys: 'Ctrl/⌘ + 0', action: '适合宽度' },
      { keys: 'PageDown / PageUp', action: '下一页 / 上一页' },
      { keys: 'F', action: '专注模式：只留论文和批注栏，再按 F 或 Esc 退出' },
      { keys: 'Esc', action: '取消放置、退出键盘选择、关闭弹窗' },
      { keys: '?', action: '显示快捷键' },
    ],
  },
];

/** Every shortcut, in one list. */
export const SHORTCUTS = SHORTCUT_GROUPS.flatMap((group) => group.shortcuts);

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
