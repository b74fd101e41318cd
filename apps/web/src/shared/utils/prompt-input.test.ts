import assert from 'node:assert/strict';
import { it } from 'node:test';
import { promptInputProblem } from './prompt-input.ts';

it('rejects input that breaks the rule with the seed text 输入的数据不合法!', () => {
  assert.equal(promptInputProblem('abc', { pattern: /^\d+$/ }), '输入的数据不合法!');
  assert.equal(promptInputProblem('  ', { required: true }), '输入的数据不合法!');
  assert.equal(promptInputProblem('101', { validator: (value) => Number(value) <= 100 }), '输入的数据不合法!');
});

it('accepts input that keeps the rule', () => {
  assert.equal(promptInputProblem('88', { pattern: /^\d+$/, validator: (value) => Number(value) <= 100 }), null);
  assert.equal(promptInputProblem(''), null);
});
