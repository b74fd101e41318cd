import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CarriedAnnotationDto, SubmissionDetail } from '@zikao/contract/review';
import { candidateMatch, carriedInOrder, withCarried } from './carried-model.ts';

const item = (id: string, patch: Partial<CarriedAnnotationDto> = {}): CarriedAnnotationDto => ({
  id,
  carriedFromId: `from-${id}`,
  status: 'found',
  confidence: 1,
  addressed: null,
  pageIndex: 0,
  quote: '引文',
  comment: '批注',
  writtenAt: 1_700_000_000_000,
  candidates: [],
  ...patch,
});

describe('a carried point placed or its candidates dismissed', () => {
  const orphan = item('b', {
    status: 'orphaned',
    confidence: 0,
    candidates: [{ pageIndex: 3, text: '引文', confidence: 0.7, exact: true }],
  });
  const detail = {
    carried: {
      versionNo: 2,
      fromVersionNo: 1,
      counts: { found: 1, moved: 0, orphaned: 1, unverified: 0 },
      addressed: 1,
      items: [item('a', { addressed: true }), orphan],
    },
  } as unknown as SubmissionDetail;

  it('replaces the point with the server’s answer and recounts by status', () => {
    const placed = item('b', { status: 'moved', confidence: 0.7, pageIndex: 3 });
    const next = withCarried(detail, placed);
    assert.deepEqual(next.carried?.counts, { found: 1, moved: 1, orphaned: 0, unverified: 0 });
    assert.equal(next.carried?.items[1], placed);
    assert.equal(next.carried?.addressed, 1);
  });

  it('keeps a dismissed orphan an orphan, without candidates', () => {
    const dismissed = { ...orphan, candidates: [] };
    const next = withCarried(detail, dismissed);
    assert.deepEqual(next.carried?.counts, { found: 1, moved: 0, orphaned: 1, unverified: 0 });
    assert.deepEqual(next.carried?.items[1]?.candidates, []);
  });

  it('leaves a detail without carried points alone', () => {
    const none = { carried: null } as unknown as SubmissionDetail;
    assert.equal(withCarried(none, orphan), none);
  });

  it('says how a candidate matches', () => {
    assert.equal(candidateMatch({ exact: true, confidence: 0.52 }), '原文一致');
    assert.equal(candidateMatch({ exact: false, confidence: 0.634 }), '相似度 63%');
  });
});

describe('the carried points in the workspace’s numbering (issue 32 §1.1)', () => {
  it('lists them by their #N, 原文已删除 where the numbering puts them (last), unnumbered after', () => {
    // The server lists them as carried: an orphan between two placed points.
    const items = [item('p1'), item('gone', { status: 'orphaned' }), item('p2'), item('fresh')];
    const numbers = new Map([
      ['p2', 2],
      ['p1', 4],
      ['gone', 7],
      ['other', 1],
    ]);
    assert.deepEqual(
      carriedInOrder(items, numbers).map(({ item: point, number }) => [point.id, number]),
      [
        ['p2', 2],
        ['p1', 4],
        ['gone', 7],
        ['fresh', null],
      ],
    );
  });
});
