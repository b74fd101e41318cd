import assert from 'node:assert/strict';
import { it } from 'node:test';
import { cooldownRemaining, SMS_COOLDOWN_KEY, startCooldown } from './sms-cooldown.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

it('counts 60 seconds down from the request, across a reload (same storage)', () => {
  const storage = memoryStorage();
  assert.equal(cooldownRemaining(storage, 1_000), 0);
  assert.equal(startCooldown(storage, 1_000), 60);
  assert.equal(cooldownRemaining(storage, 1_000), 60);
  assert.equal(cooldownRemaining(storage, 1_500), 60);
  assert.equal(cooldownRemaining(storage, 31_000), 30);
  assert.equal(cooldownRemaining(storage, 60_999), 1);
  assert.equal(cooldownRemaining(storage, 61_000), 0);
});

it('ignores garbage and clamps clock changes to 60 s', () => {
  const storage = memoryStorage();
  storage.setItem(SMS_COOLDOWN_KEY, 'soon');
  assert.equal(cooldownRemaining(storage, 0), 0);
  storage.setItem(SMS_COOLDOWN_KEY, String(10_000_000));
  assert.equal(cooldownRemaining(storage, 0), 60);
});
