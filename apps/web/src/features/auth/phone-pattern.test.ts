import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PHONE_PATTERN as CONTRACT_PATTERN } from '@zikao/contract/auth';
import { PHONE_PATTERN } from './phone-pattern.ts';

it("keeps the login page's phone pattern identical to the contract's", () => {
  assert.equal(PHONE_PATTERN.source, CONTRACT_PATTERN.source);
  assert.equal(PHONE_PATTERN.flags, CONTRACT_PATTERN.flags);
});

it('accepts mainland mobile numbers with or without +86 and rejects others', () => {
  for (const phone of ['13800000001', '+8619912345678']) assert.ok(PHONE_PATTERN.test(phone), phone);
  for (const phone of ['12345', '12800000001', '1380000000', '+85213800000001'])
    assert.ok(!PHONE_PATTERN.test(phone), phone);
});

it('explains what is wrong with a phone number', async () => {
  const { phoneProblem } = await import('./phone-pattern.ts');
  assert.equal(phoneProblem(''), '请输入手机号');
  assert.equal(phoneProblem('12345'), '手机号格式不正确');
  assert.equal(phoneProblem(' 13800000001 '), null);
});
