import { useEffect, useRef } from 'react';
import type { WorkspaceAnnotation } from './annotation-model.ts';
import type { CaretKey } from './caret-text.ts';
import { type TextMarkTool, TOOL_KEYS, type WorkspaceTool } from './marks/tools.ts';

export interface WorkspaceKeys {
  enabled: boolean;
  editable: boolean;
  hasDraft: boolean;
  /** A mouse selection's card is open without the focus: mark keys and Enter act on it. */
  draftWaiting: boolean;
  onDraftMark(kind: TextMarkTool | 'highlight'): void;
  onDraftFocus(): void;
  selectedId: string | null;
  annotations: readonly WorkspaceAnnotation[];
  /** 键盘选择 is on: arrows, Home and End move the caret instead of scrolling. */
  caretActive: boolean;
  /** A box or stamp is being placed: arrows move it. */
  placing: boolean;
  onTool(tool: WorkspaceTool): void;
  /** U, D, M, I: underline, strike out, suggest a replacement for, or insert at the selection or caret. */
  onMark(kind: TextMarkTool): void;
  onZoom(direction: 1 | -1 | 0): void;
  onUndo(): void;
  onHelp(): void;
  onEscape(): void;
  /** F: 专注模式 on or off. */
  onFocusMode(): void;
  onOpen(id: string): void;
  onDelete(id: string): void;
  onHighlightSelection(): void;
  /** Enter: confirm a placement, start one with a placing tool, or annotate the selection. */
  onEnter(): void;
  onCaretMode(): void;
  onCaretMove(key: CaretKey, options: { shift: boolean; word: boolean }): void;
  /** Moves a placing box by points, or resizes it. */
  onPlacingMove(dx: number, dy: number, resize: boolean): void;
  /** R replies to the selected annotation, E edits it. */
  onListCommand(action: 'reply' | 'edit'): void;
  onPage(delta: number): void;
  isTyping(target: EventTarget | null): boolean;
}

/** The single-letter keys of the marking and drawing tools, lower-cased. */
const MARK_KEYS = new Map(
  Object.entries(TOOL_KEYS).map(([tool, key]) => [key.toLowerCase(), tool as keyof typeof TOOL_KEYS]),
);

const CARET_KEYS = new Set<string>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);
const STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as const;

/** True when a key is meant for something focused that uses it itself (a button, a link, a tab). */
function isControl(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest?.('button, a[href], [role="tab"], [role="button"], [role="menuitem"]'));
}

/** The workspace's keyboard shortcuts (listed in SHORTCUTS), on the window while it is shown. */
export function useWorkspaceKeys(keys: WorkspaceKeys): void {
  const latest = useRef(keys);
  latest.current = keys;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const k = latest.current;
      if (!k.enabled || event.defaultPrevented) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && (event.key === '=' || event.key === '+')) {
        event.preventDefault();
        k.onZoom(1);
        return;
      }
      if (mod && event.key === '-') {
        event.preventDefault();
        k.onZoom(-1);
        return;
      }
      if (mod && event.key === '0') {
        event.preventDefault();
        k.onZoom(0);
        return;
      }
      if (k.isTyping(event.target)) return;
      if (mod && !event.shiftKey && event.key.toLowerCase() === 'z') {
        if (!k.editable) return;
        event.preventDefault();
        k.onUndo();
        return;
      }
      if (k.placing && event.key in STEP && !event.altKey) {
        event.preventDefault();
        const [dx, dy] = STEP[event.key as keyof typeof STEP];
        // Ctrl/⌘ moves in fine steps; plain arrows in 10-point steps.
        const step = mod ? 2 : 10;
        k.onPlacingMove(dx * step, dy * step, event.shiftKey);
        return;
      }
      if (k.caretActive && CARET_KEYS.has(event.key) && !event.altKey && !k.hasDraft) {
        event.preventDefault();
        k.onCaretMove(event.key as CaretKey, { shift: event.shiftKey, word: mod });
        return;
      }
      if (mod || event.altKey) return;
      if (event.key === 'Escape') {
        k.onEscape();
        return;
      }
      if (event.key === '?') {
        event.preventDefault();
        k.onHelp();
        return;
      }
      if (event.key === 'PageDown' || event.key === 'PageUp') {
        event.preventDefault();
        k.onPage(event.key === 'PageDown' ? 1 : -1);
        return;
      }
      const key = event.key.toLowerCase();
      if (key === 'j' || key === 'k') {
        const list = k.annotations;
        if (list.length === 0) return;
        const index = list.findIndex((a) => a.id === k.selectedId);
        const next = key === 'j' ? (index + 1) % list.length : (index - 1 + list.length) % list.length;
        k.onOpen((list[next] as WorkspaceAnnotation).id);
        return;
      }
      if (key === 'r' && !k.hasDraft) {
        event.preventDefault();
        k.onListCommand('reply');
        return;
      }
      if (key === 'f' && !event.shiftKey) {
        event.preventDefault();
        k.onFocusMode();
        return;
      }
      if (k.editable && k.hasDraft && k.draftWaiting) {
        const mark = MARK_KEYS.get(key);
        if (key === 'h' || mark === 'underline' || mark === 'strikeout' || mark === 'replace' || mark === 'insert') {
          event.preventDefault();
          k.onDraftMark(key === 'h' ? 'highlight' : (mark as TextMarkTool));
          return;
        }
        if (event.key === 'Enter' && !isControl(event.target)) {
          event.preventDefault();
          k.onDraftFocus();
          return;
        }
      }
      if (!k.editable || k.hasDraft) return;
      if (key === 'e') {
        event.preventDefault();
        k.onListCommand('edit');
      } else if (key === 'c') k.onCaretMode();
      else if (key === 'v') k.onTool('select');
      else if (key === 'a') k.onTool('area');
      else if (key === 'n') k.onTool('note');
      else if (key === 's') k.onTool('stamp');
      else if (key === 'h') k.onHighlightSelection();
      else if (MARK_KEYS.has(key)) {
        const tool = MARK_KEYS.get(key) as keyof typeof TOOL_KEYS;
        if (tool === 'underline' || tool === 'strikeout' || tool === 'replace' || tool === 'insert') k.onMark(tool);
        else k.onTool(tool);
      } else if (event.key === 'Enter' && !isControl(event.target)) {
        event.preventDefault();
        k.onEnter();
      } else if ((event.key === 'Delete' || event.key === 'Backspace') && k.selectedId) k.onDelete(k.selectedId);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
