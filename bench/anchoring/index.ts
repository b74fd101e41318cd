/**
 * Anchoring benchmark: 1,000 annotations on a 300-page Chinese thesis, anchored against the same
 * version and re-anchored against a version with about 10% of its text edited. Prints one JSON line.
 */
import {
  type AnchorableAnnotation,
  anchor,
  DocumentText,
  describeTextRange,
  reanchor,
  type Selector,
} from '@zikao/anchoring';
import { scoreCorpus, thesisCorpus } from '@zikao/anchoring/corpus';
import { unrelatedMatchConfidences } from './calibration.ts';
import { type Edit, editPage, integer, mapOffset, page, seeded } from './thesis-text.ts';

const PAGES = 300;
const ANNOTATIONS = 1000;
const EDITED_SHARE = 0.1;
const WARMUP_RUNS = 5;
const MEASURED_RUNS = 15;

const random = seeded(20261122);
const oldPages = Array.from({ length: PAGES }, (_, i) => page(random, i));
const edited = oldPages.map((text) => editPage(random, text, EDITED_SHARE));
const newPages = edited.map((e) => e.text);

const oldDoc = new DocumentText(oldPages);
const annotations: AnchorableAnnotation[] = [];
const ranges: Array<[number, number]> = [];
for (let i = 0; i < ANNOTATIONS; i++) {
  const length = integer(random, 5, 60);
  let start: number;
  if (i % 20 === 0) {
    // Every twentieth highlight runs across a page break.
    const p = integer(random, 0, PAGES - 2);
    start = (oldDoc.pageStarts[p + 1] as number) - integer(random, 1, length - 1);
  } else {
    start = integer(random, 0, oldDoc.length - length);
  }
  ranges.push([start, start + length]);
  annotations.push({ id: `a${i}`, target: describeTextRange(oldDoc, start, start + length) });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[sorted.length >> 1] as number) * 100) / 100;
}

/** Times `run` (document model built inside, so no index survives between runs). */
function measure(run: () => void): number {
  for (let i = 0; i < WARMUP_RUNS; i++) run();
  const times: number[] = [];
  for (let i = 0; i < MEASURED_RUNS; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

let anchored = 0;
const anchorMs = measure(() => {
  const doc = new DocumentText(oldPages);
  anchored = 0;
  for (const annotation of annotations) if (anchor(doc, annotation.target)) anchored++;
});

// Without position or page hints: every quote is looked up through the bigram index.
const quotesOnly = annotations.map((a) => ({
  id: a.id,
  target: (a.target as Selector[]).filter((selector) => selector.type === 'TextQuoteSelector'),
}));
let anchoredByQuote = 0;
const quoteOnlyMs = measure(() => {
  const doc = new DocumentText(oldPages);
  anchoredByQuote = 0;
  for (const annotation of quotesOnly) if (anchor(doc, annotation.target)) anchoredByQuote++;
});

let report = reanchor(new DocumentText(newPages), annotations);
const reanchorMs = measure(() => {
  report = reanchor(new DocumentText(newPages), annotations);
});
// As the server carries annotations over: with the version they were made on (adr/017), both
// documents built inside the run.
let withPrevious = reanchor(new DocumentText(newPages), annotations, { previous: new DocumentText(oldPages) });
const reanchorWithPreviousMs = measure(() => {
  withPrevious = reanchor(new DocumentText(newPages), annotations, { previous: new DocumentText(oldPages) });
});

// Accuracy against the known edits (not timed): a re-anchored highlight is right when it overlaps
// where the surviving characters of its quote went.
const newDoc = new DocumentText(newPages);
function mapGlobal(offset: number): number {
  const { page: p, offset: local } = oldDoc.toPageOffset(offset);
  const mapped = mapOffset((edited[p] as { edits: Edit[] }).edits, local);
  return mapped === -1 ? -1 : newDoc.toGlobalOffset(p, mapped);
}

/** How many re-anchored highlights overlap where the surviving characters of their quote went. */
function accuracy(report: ReturnType<typeof reanchor>) {
  let correct = 0;
  let wrong = 0;
  let movedExact = 0;
  let orphanedButSurviving = 0;
  report.results.forEach((result, i) => {
    const [start, end] = ranges[i] as [number, number];
    const survivors: number[] = [];
    for (let o = start; o < end; o++) {
      const mapped = mapGlobal(o);
      if (mapped !== -1) survivors.push(mapped);
    }
    if (result.anchor === null || result.anchor.kind !== 'text') {
      if (survivors.length * 2 > end - start) orphanedButSurviving++;
      return;
    }
    const { start: s, end: e } = result.anchor;
    if (result.status === 'moved' && result.anchor.exact) movedExact++;
    if (survivors.some((o) => o >= s && o < e)) correct++;
    else wrong++;
  });
  return { correct, wrong, movedExact, orphanedButSurviving };
}
const { correct, wrong, movedExact, orphanedButSurviving } = accuracy(report);
const previousAccuracy = accuracy(withPrevious);

const unrelated = unrelatedMatchConfidences(1000);

// The issue-20 corpus: 24 theses of 33–98 pages with running headers and footers, reflowed.
const corpusStarted = performance.now();
const corpus = scoreCorpus(thesisCorpus());
const corpusMs = Math.round(performance.now() - corpusStarted);
const pct = (n: number, total: number) => Math.round((n / Math.max(1, total)) * 1000) / 10;
const k = corpus.kinds;
const oldLength = oldDoc.length;
const editedChars = edited.reduce(
  (sum, e) => sum + e.edits.reduce((n, d) => n + Math.max(d.removed, d.inserted.length), 0),
  0,
);
console.log(
  JSON.stringify({
    pages: PAGES,
    annotations: ANNOTATIONS,
    anchor_ms: anchorMs,
    reanchor_ms: reanchorMs,
    reanchor_with_previous_ms: reanchorWithPreviousMs,
    anchor_quote_only_ms: quoteOnlyMs,
    runs: MEASURED_RUNS,
    across_page_breaks: annotations.filter((a) =>
      (a.target as Selector[]).some((selector) => selector.type === 'PageSelector' && selector.endIndex !== undefined),
    ).length,
    chars: oldLength,
    edited_share: Math.round((editedChars / oldLength) * 1000) / 1000,
    anchored_same_version: anchored,
    anchored_by_quote_only: anchoredByQuote,
    found: report.counts.found,
    moved: report.counts.moved,
    orphaned: report.counts.orphaned,
    moved_exact_text: movedExact,
    right_place: correct,
    wrong_place: wrong,
    orphaned_with_most_text_left: orphanedButSurviving,
    with_previous: {
      orphaned: withPrevious.counts.orphaned,
      right_place: previousAccuracy.correct,
      wrong_place: previousAccuracy.wrong,
      orphaned_with_most_text_left: previousAccuracy.orphanedButSurviving,
    },
    unrelated_confidence_p50: unrelated.p50,
    unrelated_confidence_p99: unrelated.p99,
    unrelated_over_threshold: Math.round(unrelated.over_threshold * 1000) / 1000,
    unrelated_placed: unrelated.placed,
    unrelated_offered: Math.round(unrelated.offered * 1000) / 1000,
    corpus: {
      documents: corpus.documents,
      pages: corpus.pages,
      chars: corpus.chars,
      annotations: corpus.annotations,
      unchanged_exact_pct: pct(k.unchanged.exact, k.unchanged.total),
      moved_right_pct: pct(k.moved.right, k.moved.total),
      edited_right_pct: pct(k.edited.right, k.edited.total),
      deleted_orphaned_pct: pct(k.deleted.orphaned, k.deleted.total),
      duplicated_right_pct: pct(k.duplicated.right, k.duplicated.total),
      silent_wrong: corpus.silentWrong,
      orphans_with_candidates: Object.values(k).reduce((n, s) => n + s.withCandidates, 0),
      reanchor_ms_all_documents: corpusMs,
    },
  }),
);
