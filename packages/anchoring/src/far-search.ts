import type { Candidate, QuoteMatcher } from './quote-matcher.ts';

/** Seed hits beyond which a quote counts as boilerplate and is not searched for far away. */
const MAX_SEEDS = 4000;
/** Alignments scanned at most; when there are more, those most pieces agree on go first. */
const MAX_ALIGNMENTS = 128;
/** Bound on characters × 32-unit pattern blocks scanned, which caps the alignments of long quotes. */
const SCAN_BUDGET = 2_000_000;

/**
 * Approximate matches anywhere, with at most an eighth of the quote edited. By the pigeonhole
 * principle, splitting the quote into k + 1 pieces leaves at least one piece unedited, so the
 * index's exact hits of the pieces seed the possible alignments, and only small windows around
 * them are scanned. Up to MAX_ALIGNMENTS alignments (fewer for long quotes, see SCAN_BUDGET)
 * the search is complete; beyond, the alignments seeded by the most pieces are scanned (a long
 * quote that survived mostly intact gets many votes, a stock phrase all over the thesis one each).
 * Quotes whose pieces could hit more than MAX_SEEDS times are not searched for far away.
 */
export function farCandidates(matcher: QuoteMatcher, limit: number): Candidate[] {
  const { doc, exact, hint } = matcher;
  const m = exact.length;
  const n = doc.length;
  const maxErrors = Math.floor(m / 8);
  const pieces = maxErrors + 1;
  const pieceLength = Math.floor(m / pieces);
  const pieceList: string[] = [];
  let bound = 0;
  for (let i = 0; i < pieces; i++) {
    const offset = i * pieceLength;
    const piece = exact.slice(offset, i === pieces - 1 ? m : offset + pieceLength);
    pieceList.push(piece);
    bound += doc.index.rarity(piece);
  }
  // The postings of each piece's rarest bigram bound its hits: give up before verifying them all.
  if (bound > MAX_SEEDS) return [];
  // Where the quote would start if the piece's hit is where the piece belongs.
  const seeds = new Int32Array(bound);
  let count = 0;
  pieceList.forEach((piece, i) => {
    for (const hit of doc.index.occurrences(piece, 0, n)) seeds[count++] = hit - i * pieceLength;
  });
  if (count === 0) return [];
  const diagonals = seeds.subarray(0, count).sort();

  // Hits within 2k + 1 of each other belong to one alignment: indels shift the diagonal by ≤ k.
  const alignments: Array<{ from: number; to: number; votes: number }> = [];
  let current = { from: diagonals[0] as number, to: diagonals[0] as number, votes: 0 };
  for (const diagonal of diagonals) {
    if (diagonal - current.from > 2 * maxErrors + 1) {
      alignments.push(current);
      current = { from: diagonal, to: diagonal, votes: 0 };
    }
    current.to = diagonal;
    current.votes++;
  }
  alignments.push(current);
  const affordable = Math.floor(SCAN_BUDGET / ((m + 2 * maxErrors) * Math.ceil(m / 32)));
  const maxAlignments = Math.max(8, Math.min(MAX_ALIGNMENTS, affordable));
  if (alignments.length > maxAlignments) {
    const expected = hint ?? 0;
    alignments.sort((a, b) => b.votes - a.votes || Math.abs(a.from - expected) - Math.abs(b.from - expected));
    alignments.length = maxAlignments;
  }
  const windows: number[] = [];
  for (const { from, to } of alignments) {
    windows.push(Math.max(0, from - maxErrors), Math.min(n, to + m + maxErrors));
  }
  return matcher.fuzzyCandidatesIn(mergeWindows(windows), maxErrors, limit);
}

/** Sorts [from, to) pairs and merges overlapping ones. */
function mergeWindows(pairs: readonly number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) order.push(i);
  order.sort((a, b) => (pairs[a] as number) - (pairs[b] as number));
  const merged: number[] = [];
  for (const i of order) {
    const from = pairs[i] as number;
    const to = pairs[i + 1] as number;
    const last = merged.length - 1;
    if (last > 0 && from <= (merged[last] as number)) merged[last] = Math.max(merged[last] as number, to);
    else merged.push(from, to);
  }
  return merged;
}
