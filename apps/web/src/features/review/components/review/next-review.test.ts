import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextPending, PENDING_LIST_REQUEST } from './next-review.ts';

describe('下一篇 after a review is submitted (issue 32 §2.7)', () => {
  const rows = [
    { id: 9, status: 'reviewing' as const },
    { id: 7, status: 'passed' as const },
    { id: 5, status: 'assigned' as const },
  ];

  it('is the first row still waiting, in the list’s order, other than the one just submitted', () => {
    assert.equal(nextPending(rows, 9)?.id, 5);
    assert.equal(nextPending(rows, 5)?.id, 9);
  });

  it('is none when nothing else waits', () => {
    assert.equal(nextPending(rows.slice(0, 2), 9), null);
    assert.equal(nextPending([], 1), null);
  });

  it('asks for the reviewer’s own pending rows in the list’s default order', () => {
    assert.equal(PENDING_LIST_REQUEST.scope, 'todo');
    // The list opens with what waits first (issue 32 §3 sorting), the newest first within it.
    assert.equal(PENDING_LIST_REQUEST.sort, 'pendingFirst');
    assert.equal(PENDING_LIST_REQUEST.order, 'desc');
  });
});
