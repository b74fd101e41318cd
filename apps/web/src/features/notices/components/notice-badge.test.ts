import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { badgeText, bellLabel, noticePathFor } from './notice-badge.ts';

describe('the notice bell', () => {
  it('caps the count at 99+', () => {
    assert.equal(badgeText(0), '');
    assert.equal(badgeText(-3), '');
    assert.equal(badgeText(Number.NaN), '');
    assert.equal(badgeText(1), '1');
    assert.equal(badgeText(99), '99');
    assert.equal(badgeText(100), '99+');
    assert.equal(badgeText(12_345), '99+');
    assert.equal(badgeText(12, 9), '9+');
  });

  it('reads the count aloud with the same cap', () => {
    assert.equal(bellLabel(0), '通知公告');
    assert.equal(bellLabel(5), '通知公告，5 条未读');
    assert.equal(bellLabel(500), '通知公告，99+ 条未读');
  });

  it('leads candidates to their own notice page', () => {
    assert.equal(noticePathFor(1), '/student/notice');
    for (const role of [2, 3, 4]) assert.equal(noticePathFor(role), '/notice');
  });
});
