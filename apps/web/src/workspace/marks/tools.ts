import type { AnnotationKind, DrawnKind } from '@zikao/contract/annotation';
import type { Tool } from '../page-overlay.tsx';

/** The tools that mark words: a selection (or, for insert, a caret) makes the mark. */
export type TextMarkTool = 'underline' | 'strikeout' | 'replace' | 'insert';
/** The tools that draw on the page, and the eraser that takes drawn marks away. */
export type DrawTool = DrawnKind;
/** Every tool of the workspace's toolbar. */
export type WorkspaceTool = Tool | TextMarkTool | DrawTool | 'eraser';

export const TEXT_MARK_TOOLS: readonly TextMarkTool[] = ['underline', 'strikeout', 'replace', 'insert'];
export const DRAW_TOOLS: readonly DrawTool[] = ['pen', 'line', 'arrow', 'ellipse'];

export function isTextMarkTool(tool: WorkspaceTool): tool is TextMarkTool {
  return (TEXT_MARK_TOOLS as readonly string[]).includes(tool);
}

export function isDrawTool(tool: WorkspaceTool): tool is DrawTool {
  return (DRAW_TOOLS as readonly string[]).includes(tool);
}

/** A tool that takes the pointer on the page (draws or erases) instead of selecting text. */
export function isPointerTool(tool: WorkspaceTool): tool is DrawTool | 'eraser' {
  return tool === 'eraser' || isDrawTool(tool);
}

/**
 * The tool the page overlay and the viewer know: text-mark tools select text as the select tool
 * does, and the drawing layer above them takes the pointer for the drawing tools.
 */
export function overlayTool(tool: WorkspaceTool): Tool {
  return tool === 'area' || tool === 'note' || tool === 'stamp' ? tool : 'select';
}

/** The kind of annotation a text selection makes with this tool. */
export function textKindOf(tool: WorkspaceTool): AnnotationKind {
  return isTextMarkTool(tool) ? tool : 'highlight';
}

/** The single-letter keys of the new tools (listed in SHORTCUT_GROUPS). */
export const TOOL_KEYS: Readonly<Record<TextMarkTool | DrawTool | 'eraser', string>> = {
  underline: 'U',
  strikeout: 'D',
  replace: 'M',
  insert: 'I',
  pen: 'P',
  line: 'L',
  arrow: 'T',
  ellipse: 'O',
  eraser: 'X',
};
