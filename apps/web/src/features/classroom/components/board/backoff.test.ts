import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BOARD_BACKOFF, backoffDelay } from './backoff.ts';

describe('the board’s reconnect backoff', () => {
  it('doubles from half a second and stops growing at 15 s', () => {
    const waits = Array.from({ length: 8 }, (_, attempt) => backoffDelay(attempt, BOARD_BACKOFF, () => 0));
    assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000]);
  });

  it('takes up to its jitter share off each wait, never more', () => {
    assert.equal(
      backoffDelay(2, BOARD_BACKOFF, () => 1),
      1400,
    );
    assert.equal(
      backoffDelay(2, BOARD_BACKOFF, () => 0.5),
      1700,
    );
    for (const random of [0, 0.25, 0.99, 1]) {
      const wait = backoffDelay(10, BOARD_BACKOFF, () => random);
      assert.ok(wait >= 15_000 * 0.7 && wait <= 15_000, `${wait} within 70–100 % of the cap`);
    }
  });

  it('stays finite and sane for odd attempt numbers', () => {
    assert.equal(
      backoffDelay(-3, BOARD_BACKOFF, () => 0),
      500,
    );
    assert.equal(
      backoffDelay(1.7, BOARD_BACKOFF, () => 0),
      1000,
    );
    assert.equal(
      backoffDelay(10_000, BOARD_BACKOFF, () => 0),
      15_000,
    );
  });
});
