/**
 * How the placement rules separate right from wrong: quotes of one thesis anchored into another
 * thesis generated from the same phrase bank. Nothing found there is the quote's own text, so:
 * - `placed` counts quotes placed there anyway: silent wrong anchors, which must be 0;
 * - `offered` is the share of quotes offered candidates (可能的位置), noise the reviewer would see;
 * - `p50`/`p99`/`over_threshold`: the confidence of the best edited (non-exact) match of each quote,
 *   however weak (candidateMin 0), against DEFAULT_THRESHOLD.
 */
import { CANDIDATE_MIN, DEFAULT_THRESHOLD, DocumentText, describeTextRange, locate } from '@zikao/anchoring';
import { integer, page, seeded } from './thesis-text.ts';

export interface Calibration {
  p50: number;
  p99: number;
  over_threshold: number;
  placed: number;
  offered: number;
}

export function unrelatedMatchConfidences(quotes: number): Calibration {
  const ours = seeded(101);
  const theirs = seeded(202);
  const source = new DocumentText(Array.from({ length: 100 }, (_, i) => page(ours, i)));
  const unrelated = new DocumentText(Array.from({ length: 100 }, (_, i) => page(theirs, i)));
  const random = seeded(303);
  const confidences: number[] = [];
  let placed = 0;
  let offered = 0;
  for (let i = 0; i < quotes; i++) {
    const length = integer(random, 5, 60);
    const start = integer(random, 0, source.length - length);
    // A selection of page furniture alone (a page number) is no author text: not counted.
    if (source.body.toBody(start) === source.body.toBody(start + length)) continue;
    const located = locate(unrelated, describeTextRange(source, start, start + length), { candidateMin: 0 });
    if (located.anchor !== null) placed++;
    // The candidates the reviewer would be offered: exact ones, and edited ones CANDIDATE_MIN similar.
    if (located.candidates.some((candidate) => candidate.exact || candidate.similarity >= CANDIDATE_MIN)) offered++;
    const edited = located.candidates.filter((candidate) => !candidate.exact);
    if (edited.length > 0) confidences.push(Math.max(...edited.map((candidate) => candidate.confidence)));
  }
  confidences.sort((a, b) => a - b);
  const at = (share: number) => confidences[Math.floor(share * (confidences.length - 1))] ?? 0;
  return {
    p50: at(0.5),
    p99: at(0.99),
    over_threshold: confidences.filter((c) => c >= DEFAULT_THRESHOLD).length / Math.max(1, confidences.length),
    placed,
    offered: offered / quotes,
  };
}
