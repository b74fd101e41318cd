import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { it } from 'node:test';
import { md5Hex } from './md5.ts';

it('agrees with node:crypto md5 on lengths around the block boundaries', () => {
  for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
    const bytes = new Uint8Array(length).map((_, i) => (i * 31 + length) % 256);
    assert.equal(md5Hex(bytes), createHash('md5').update(bytes).digest('hex'), `length ${length}`);
  }
});
