/**
 * How the confidence threshold separates right from wrong: quotes of one thesis anchored (without
 * the threshold) into another thesis generated from the same phrase bank. Any non-exact match
 * found there is wrong, so its confidence shows what noise scores.
 */
import { anchor, DEFAULT_THRESHOLD, DocumentText, describeTextRange } from '@zikao/anchoring';
import { integer, page, seeded } from './thesis-text.ts';

export function unrelatedMatchConfidences(quotes: number): { p50: number; p99: number; over_threshold: number } {
  const ours = seeded(101);
  const theirs = seeded(202);
  const source = new DocumentText(Array.from({ length: 100 }, (_, i) => page(ours, i)));
  const unrelated = new DocumentText(Array.from({ length: 100 }, (_, i) => page(theirs, i)));
  const random = seeded(303);
  const confidences: number[] = [];
  for (let i = 0; i < quotes; i++) {
    const length = integer(random, 5, 60);
    const start = integer(random, 0, source.length - length);
    const result = anchor(unrelated, describeTextRange(source, start, start + length), { threshold: 0 });
    if (result?.kind === 'text' && !result.exact) confidences.push(result.confidence);
  }
  confidences.sort((a, b) => a - b);
  const at = (share: number) => confidences[Math.floor(share * (confidences.length - 1))] ?? 0;
  return {
    p50: at(0.5),
    p99: at(0.99),
    over_threshold: confidences.filter((c) => c >= DEFAULT_THRESHOLD).length / Math.max(1, confidences.length),
  };
}
