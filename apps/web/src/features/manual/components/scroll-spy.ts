/** Where a heading sits: its id and its top edge, in pixels from the top of the scrolling view. */
export interface HeadingPosition {
  id: string;
  top: number;
}

/**
 * The section the reader is in: the last heading that has passed `threshold` pixels below the
 * view's top. Before the first heading it is the first one; scrolled to the very end it is the
 * last one whose heading shows, so short closing sections can still be reached.
 */
export function currentSectionId(
  headings: readonly HeadingPosition[],
  { threshold, viewHeight, atEnd }: { threshold: number; viewHeight: number; atEnd: boolean },
): string | null {
  if (headings.length === 0) return null;
  if (atEnd) {
    const visible = headings.filter((heading) => heading.top < viewHeight);
    const last = visible[visible.length - 1];
    if (last) return last.id;
  }
  let current = headings[0] as HeadingPosition;
  for (const heading of headings) {
    if (heading.top <= threshold) current = heading;
    else break;
  }
  return current.id;
}
