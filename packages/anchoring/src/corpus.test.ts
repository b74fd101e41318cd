import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CorpusScore, scoreCorpus, thesisCorpus } from './corpus.ts';
import { DocumentText } from './document.ts';
import { reanchor } from './reanchor.ts';

// The issue-20 corpus: 24 seeded thesis-shaped documents of 33–98 pages with a running header,
// a footer 第 n 页 共 M 页, a TOC and references, revised (~10%) and typeset again so that lines
// and pages reflow. The goals are the issue's; ratios over a fixed seed, never wall-clock.
// scoreCorpus re-anchors as the server carries annotations over: with the version they were made
// on (ReanchorOptions.previous, adr/017).
// One labelling fix (corpus.ts, "duplicated"): a sentence is copied to *another* paragraph, as the
// generator always said. It could land in its own paragraph, right after itself, where the copy
// and not the original keeps the original's context: the same place twice, not a second place, so
// which copy is "right" was moot. It never happens on seed 2026 (the figures did not move); on
// seed 2029 it was the one silent wrong anchor left.
const corpus = thesisCorpus();
const score: CorpusScore = scoreCorpus(corpus);
const share = (n: number, total: number) => n / Math.max(1, total);
const { kinds } = score;

describe('re-anchoring a corpus of real-shaped theses', () => {
  it('is of the issue’s shape', () => {
    assert.equal(score.documents, 24);
    assert.ok(score.pages > 1000 && score.chars > 1_000_000, JSON.stringify(score));
    assert.ok(score.annotations >= 1600);
    for (const kind of Object.values(kinds)) assert.ok(kind.total >= 180, JSON.stringify(kinds));
  });

  it('leaves page furniture and line breaks out of the text anchored against', () => {
    // scoreCorpus throws unless each new body equals the revision's author text exactly; the old too.
    const [first] = corpus;
    assert.ok(first);
    const doc = new DocumentText(first.oldPages);
    assert.ok(first.oldPages.every((page) => /本科毕业论文\n/.test(page) && /第 \d+ 页 共 \d+ 页\n$/.test(page)));
    assert.ok(!/本科毕业论文|第 \d+ 页 共|\n/.test(doc.body.doc.text));
  });

  it('places moved passages on their text (≥ 98%)', () => {
    assert.ok(share(kinds.moved.right, kinds.moved.total) >= 0.98, JSON.stringify(kinds.moved));
  });

  it('places lightly edited passages on their text (≥ 98%)', () => {
    assert.ok(share(kinds.edited.right, kinds.edited.total) >= 0.98, JSON.stringify(kinds.edited));
  });

  it('places passages duplicated in the revision on the original copy (≥ 98%)', () => {
    assert.ok(share(kinds.duplicated.right, kinds.duplicated.total) >= 0.98, JSON.stringify(kinds.duplicated));
  });

  it('offers every orphan whose text survives word for word candidates (可能的位置)', () => {
    for (const kind of [kinds.unchanged, kinds.moved, kinds.duplicated]) {
      assert.equal(kind.withCandidates, kind.orphaned, JSON.stringify(kinds));
    }
  });

  it('offers candidates (可能的位置) for most orphans of deleted passages', () => {
    assert.ok(share(kinds.deleted.withCandidates, kinds.deleted.orphaned) >= 0.5, JSON.stringify(kinds.deleted));
  });

  // Whole sentences and headings whose neighbouring sentences on both sides were deleted or
  // inserted keep neither their context nor the old text around them: they are placed by the rank
  // of their copy between the nearest annotations found unchanged (adr/017, placeByRank).
  it('places unchanged passages exactly (≥ 99.5%)', () => {
    assert.ok(share(kinds.unchanged.exact, kinds.unchanged.total) >= 0.995, JSON.stringify(kinds.unchanged));
  });

  it('orphans deleted passages (≥ 99%)', () => {
    assert.ok(share(kinds.deleted.orphaned, kinds.deleted.total) >= 0.99, JSON.stringify(kinds.deleted));
  });

  it('places nothing silently on the wrong text (0)', () => {
    assert.equal(score.silentWrong, 0, JSON.stringify(kinds));
  });

  it('places nothing silently on the wrong text on corpora of other seeds either (0)', () => {
    // Seed 2026 is the one the rules were measured on; these were not (without the old version's
    // text, they show 4–7 deleted passages placed on their near-duplicates).
    for (const seed of [2027, 2028, 2029]) {
      const other = scoreCorpus(thesisCorpus(24, seed));
      assert.equal(other.silentWrong, 0, `seed ${seed}: ${JSON.stringify(other.kinds)}`);
    }
  });

  it('gives every orphan its candidates with selectors, exact ones first, best first', () => {
    const document = corpus[0];
    assert.ok(document);
    const report = reanchor(new DocumentText(document.newPages), document.annotations);
    for (const result of report.results) {
      if (result.status !== 'orphaned') continue;
      // Exact occurrences of the quote first, then the rest, each best first.
      const order = result.candidates.map((candidate) => [candidate.exact ? 1 : 0, candidate.confidence]);
      assert.deepEqual(
        order,
        [...order].sort((a, b) => (b[0] as number) - (a[0] as number) || (b[1] as number) - (a[1] as number)),
      );
      for (const candidate of result.candidates) assert.equal(candidate.selectors[0]?.type, 'TextQuoteSelector');
    }
  });
});
