/** Characters quoted before an insertion caret: enough to place it, short enough to stay put. */
export const INSERT_QUOTE_LENGTH = 2;

/**
 * The text an insertion suggestion quotes for a caret at global offset `caret`: the last one or two
 * characters before it, skipping the white space (line breaks) just before it, so that the
 * suggested text goes right after the quote's last character. Null at the document's start.
 */
export function insertQuoteRange(text: string, caret: number): { start: number; end: number } | null {
  let end = Math.max(0, Math.min(caret, text.length));
  while (end > 0 && /\s/.test(text[end - 1] as string)) end--;
  if (end === 0) return null;
  let start = end - 1;
  // Keep a surrogate pair whole, then take one more character when it is not white space.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start] as string)) start--;
  if (INSERT_QUOTE_LENGTH > 1 && start > 0 && !/\s/.test(text[start - 1] as string)) {
    start--;
    if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start] as string)) start--;
  }
  return { start, end };
}
