import { useEffect, useRef } from 'react';
import type { WorkspaceAnnotation } from './annotation-model.ts';
import type { Tool } from './page-overlay.tsx';

export interface WorkspaceKeys {
  enabled: boolean;
  editable: boolean;
  hasDraft: boolean;
  selectedId: string | null;
  annotations: readonly WorkspaceAnnotation[];
  onTool(tool: Tool): void;
  onZoom(direction: 1 | -1 | 0): void;
  onUndo(): void;
  onHelp(): void;
  onEscape(): void;
  onOpen(id: string): void;
  onDelete(id: string): void;
  onHighlightSelection(): void;
  onPage(delta: number): void;
  isTyping(target: EventTarget | null): boolean;
}

/** The workspace's keyboard shortcuts (listed in SHORTCUTS), on the window while it is shown. */
export function useWorkspaceKeys(keys: WorkspaceKeys): void {
  const latest = useRef(keys);
  latest.current = keys;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const k = latest.current;
      if (!k.enabled) return;
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
      if (!k.editable || k.hasDraft) return;
      if (key === 'v') k.onTool('select');
      else if (key === 'a') k.onTool('area');
      else if (key === 'n') k.onTool('note');
      else if (key === 's') k.onTool('stamp');
      else if (key === 'h' || event.key === 'Enter') k.onHighlightSelection();
      else if ((event.key === 'Delete' || event.key === 'Backspace') && k.selectedId) k.onDelete(k.selectedId);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
