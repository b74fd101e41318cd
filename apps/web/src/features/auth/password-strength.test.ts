import assert from 'node:assert/strict';
import { it } from 'node:test';
import { passwordStrength } from './password-strength.ts';

it('rates short or single-class passwords weak', () => {
  assert.equal(passwordStrength('abc123'), 'weak');
  assert.equal(passwordStrength('abcdefghijkl'), 'weak');
});

it('rates letters plus digits of 8+ medium, and long mixed ones strong', () => {
  assert.equal(passwordStrength('zikao2026'), 'medium');
  assert.equal(passwordStrength('Zikao@2026xyz'), 'strong');
});
