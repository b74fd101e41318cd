import assert from 'node:assert/strict';
import { it } from 'node:test';
import { assetsToRemove } from './keep-previous-build.ts';

it('keeps this build and the one before, and removes older hashed assets', () => {
  const onDisk = ['assets/index-old.js', 'assets/index-prev.js', 'assets/index-new.js', 'assets/pdf-new.js'];
  const removed = assetsToRemove(onDisk, ['assets/index-new.js', 'assets/pdf-new.js'], ['assets/index-prev.js']);
  assert.deepEqual(removed, ['assets/index-old.js']);
});

it('removes nothing on a first build, when there is no record of a previous one', () => {
  assert.deepEqual(assetsToRemove(['assets/index-new.js'], ['assets/index-new.js'], []), []);
});
