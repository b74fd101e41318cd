import { pageOfOffset } from './caret-text.ts';
import { itemSlices, type LayerPoint, selectionRange } from './text-offsets.ts';

/** A rectangle in CSS pixels relative to the page's top-left corner. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface LayerInfo {
  page: number;
  divs: readonly HTMLElement[];
  starts: readonly number[];
  lengths: readonly number[];
}

interface SpanInfo {
  layer: LayerInfo;
  index: number;
}

const spans = new WeakMap<Node, SpanInfo>();
const layers = new Map<Element, LayerInfo>();

/**
 * Records which page offsets a rendered text layer's spans hold. `divs[i]` is pdf.js's div for
 * the i-th text item, `starts[i]` its page-local offset (see `itemStarts`).
 */
export function registerTextLayer(
  container: HTMLElement,
  page: number,
  divs: readonly HTMLElement[],
  starts: readonly number[],
  lengths: readonly number[],
): void {
  const layer: LayerInfo = { page, divs, starts, lengths };
  layers.set(container, layer);
  divs.forEach((div, index) => {
    spans.set(div, { layer, index });
    div.dataset.offset = String(starts[index]);
  });
}

export function unregisterTextLayer(container: HTMLElement): void {
  layers.delete(container);
}

function spanOf(node: Node | null): SpanInfo | null {
  let current: Node | null = node;
  for (let depth = 0; current && depth < 4; depth++) {
    const info = spans.get(current);
    if (info) return info;
    current = current.parentNode;
  }
  return null;
}

function layerOf(node: Node | null): LayerInfo | null {
  let current: Node | null = node;
  while (current) {
    if (current instanceof Element) {
      const info = layers.get(current);
      if (info) return info;
    }
    current = current.parentNode;
  }
  return null;
}

/** The text-layer point of a DOM boundary point (a text node, a span, or the layer itself). */
export function pointFromDom(node: Node, offset: number, isEnd: boolean): LayerPoint | null {
  const span = spanOf(node);
  if (span) {
    const length = span.layer.lengths[span.index] as number;
    const inSpan = node.nodeType === Node.TEXT_NODE ? offset : offset > 0 ? length : 0;
    return { page: span.layer.page, itemStart: span.layer.starts[span.index] as number, offset: inSpan, length };
  }
  const layer = layerOf(node);
  if (!layer) return null;
  // A boundary between children of the layer: the nearest span before it (its end), or after it.
  const children = [...node.childNodes];
  const before = children
    .slice(0, offset)
    .reverse()
    .map((child) => spanOf(child))
    .find(Boolean);
  if (before && isEnd) {
    const length = layer.lengths[before.index] as number;
    return { page: layer.page, itemStart: layer.starts[before.index] as number, offset: length, length };
  }
  const after = children
    .slice(offset)
    .map((child) => spanOf(child))
    .find(Boolean);
  const chosen = after ?? before;
  if (!chosen) return null;
  const length = layer.lengths[chosen.index] as number;
  return {
    page: layer.page,
    itemStart: layer.starts[chosen.index] as number,
    offset: chosen === after ? 0 : length,
    length,
  };
}

/** The global range a DOM selection covers in the page texts, or null outside text layers. */
export function rangeOfSelection(
  selection: Selection,
  pageStarts: ArrayLike<number>,
): { start: number; end: number } | null {
  if (selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const a = pointFromDom(range.startContainer, range.startOffset, false);
  const b = pointFromDom(range.endContainer, range.endOffset, true);
  if (!a || !b) return null;
  return selectionRange(a, b, pageStarts);
}

/** Rectangles of page-local text [start, end) on a rendered page, relative to `pageElement`, one per line. */
export function boxesForText(pageElement: HTMLElement, page: number, start: number, end: number): Box[] {
  const layer = [...layers.values()].find((info) => info.page === page && info.divs[0]?.isConnected !== false);
  const container = pageElement.querySelector('.aw-text-layer');
  const info = container ? layers.get(container) : layer;
  if (!info) return [];
  const origin = pageElement.getBoundingClientRect();
  const boxes: Box[] = [];
  for (const slice of itemSlices(info.starts, info.lengths, start, end)) {
    const div = info.divs[slice.item];
    const text = div?.firstChild;
    if (!div || !text || text.nodeType !== Node.TEXT_NODE) continue;
    const range = document.createRange();
    range.setStart(text, Math.min(slice.from, text.textContent?.length ?? 0));
    range.setEnd(text, Math.min(slice.to, text.textContent?.length ?? 0));
    for (const rect of range.getClientRects()) {
      if (rect.width < 0.5 || rect.height < 0.5) continue;
      boxes.push({ left: rect.left - origin.left, top: rect.top - origin.top, width: rect.width, height: rect.height });
    }
  }
  return mergeLines(boxes);
}

/** Joins boxes that sit on the same line and touch, so a highlight reads as one band per line. */
export function mergeLines(boxes: Box[]): Box[] {
  const sorted = [...boxes].sort((a, b) => a.top - b.top || a.left - b.left);
  const merged: Box[] = [];
  for (const box of sorted) {
    const last = merged.at(-1);
    if (
      last &&
      Math.abs(last.top - box.top) < Math.max(2, box.height * 0.4) &&
      box.left <= last.left + last.width + 4
    ) {
      const right = Math.max(last.left + last.width, box.left + box.width);
      const bottom = Math.max(last.top + last.height, box.top + box.height);
      last.top = Math.min(last.top, box.top);
      last.left = Math.min(last.left, box.left);
      last.width = right - last.left;
      last.height = bottom - last.top;
    } else {
      merged.push({ ...box });
    }
  }
  return merged;
}

/**
 * The text a selection covers in text layers only, leaving out what lies between them (page
 * badges, markers): what the page texts must hold at the mapped offsets.
 */
export function selectedLayerText(selection: Selection): string {
  if (selection.rangeCount === 0) return '';
  const range = selection.getRangeAt(0);
  const root = range.commonAncestorContainer;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.currentNode; node; node = walker.nextNode() as Node) {
    if (node.nodeType !== Node.TEXT_NODE || !range.intersectsNode(node) || !spanOf(node)) continue;
    const data = (node as Text).data;
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : data.length;
    text += data.slice(from, to);
  }
  return text;
}

/** The rendered text layer of a page, or null while the page is not rendered. */
function layerOfPage(page: number): LayerInfo | null {
  for (const info of layers.values()) {
    if (info.page === page && info.divs[0]?.isConnected) return info;
  }
  return null;
}

/** True when the page's text layer is rendered, so its text can be selected. */
export function isTextLayerReady(page: number): boolean {
  return layerOfPage(page) !== null;
}

/** The DOM point of page-local offset `offset`: inside the item holding it, or at the end of the one before. */
function domPoint(page: number, offset: number, isEnd: boolean): { node: Node; offset: number } | null {
  const info = layerOfPage(page);
  if (!info) return null;
  let chosen: { node: Node; offset: number } | null = null;
  for (let i = 0; i < info.starts.length; i++) {
    const start = info.starts[i] as number;
    const length = info.lengths[i] as number;
    const text = info.divs[i]?.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    if (start > offset) {
      // The offset falls between items (a line break): the start of this item, or the end of the last.
      if (!isEnd || !chosen) chosen = { node: text, offset: 0 };
      break;
    }
    chosen = { node: text, offset: Math.min(length, offset - start) };
    if (offset < start + length || (isEnd && offset === start + length)) break;
  }
  return chosen;
}

/**
 * Selects global text [start, end) in the rendered text layers, as a mouse selection would; a
 * caret (start = end) clears the selection. False when a page it needs is not rendered.
 */
export function selectText(pageStarts: ArrayLike<number>, start: number, end: number): boolean {
  const selection = window.getSelection();
  if (!selection) return false;
  if (end <= start) {
    selection.removeAllRanges();
    return true;
  }
  const startPage = pageOfOffset(pageStarts, start);
  const endPage = pageOfOffset(pageStarts, end, true);
  const from = domPoint(startPage, start - (pageStarts[startPage] as number), false);
  const to = domPoint(endPage, end - (pageStarts[endPage] as number), true);
  if (!from || !to) return false;
  const range = document.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  selection.removeAllRanges();
  selection.addRange(range);
  return true;
}

/** Where a caret before page-local `offset` is drawn, relative to `pageElement`; null when unrendered. */
export function caretBoxAt(pageElement: HTMLElement, page: number, offset: number): Box | null {
  const here = boxesForText(pageElement, page, offset, offset + 1)[0];
  if (here) return { left: here.left - 1, top: here.top, width: 2, height: here.height };
  const before = offset > 0 ? boxesForText(pageElement, page, offset - 1, offset).at(-1) : undefined;
  if (before) return { left: before.left + before.width - 1, top: before.top, width: 2, height: before.height };
  return null;
}
