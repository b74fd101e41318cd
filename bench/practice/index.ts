/**
 * Scoring benchmark: the largest attempt the server accepts (200 annotations) against the largest
 * reference (100 points), on a worst case where every annotation overlaps several points, so the
 * Hungarian matching works on a dense 200 × 100 matrix. Prints one JSON line.
 */
import { PRACTICE_SCORING } from '@zikao/contract/practice';
import { type ScoredAnnotation, scoreAttempt } from '../../apps/server/src/teaching/practice/scoring.ts';

const CATEGORIES = ['content', 'structure', 'language', 'format', 'citation', 'other'] as const;
const WARMUP_RUNS = 5;
const MEASURED_RUNS = 30;

let seed = 20261127;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

// Points of 20 characters every 30 characters; annotations of 10–60 characters around them.
const reference: ScoredAnnotation[] = Array.from({ length: PRACTICE_SCORING.maxReferencePoints }, (_, i) => ({
  id: `r${i}`,
  category: CATEGORIES[i % CATEGORIES.length] as ScoredAnnotation['category'],
  region: { kind: 'text', start: i * 30, end: i * 30 + 20 },
}));
const attempt: ScoredAnnotation[] = Array.from({ length: PRACTICE_SCORING.maxAttemptAnnotations }, (_, i) => {
  const start = Math.floor(random() * 3000);
  return {
    id: `a${i}`,
    category: CATEGORIES[Math.floor(random() * CATEGORIES.length)] as ScoredAnnotation['category'],
    region: { kind: 'text', start, end: start + 10 + Math.floor(random() * 50) },
  };
});

for (let i = 0; i < WARMUP_RUNS; i++) scoreAttempt(attempt, reference);
const times: number[] = [];
let score = 0;
for (let i = 0; i < MEASURED_RUNS; i++) {
  const started = performance.now();
  score = scoreAttempt(attempt, reference).score;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const round = (ms: number) => Math.round(ms * 100) / 100;
console.log(
  JSON.stringify({
    bench: 'practice-scoring',
    annotations: attempt.length,
    reference_points: reference.length,
    score,
    median_ms: round(times[Math.floor(times.length / 2)] as number),
    max_ms: round(times[times.length - 1] as number),
  }),
);
