import assert from 'node:assert/strict';
import { it } from 'node:test';
import { detectMode, normalizeBase, readHandover, withHandoverParams } from './host-context.ts';

it('reads token, userId, base_url and from from the host props first', () => {
  const handover = readHandover({ token: 'p', userId: 42, base_url: '/gw/api', from: 'portal' }, '?token=url');
  assert.deepEqual(handover, { token: 'p', userId: '42', base_url: '/gw/api', from: 'portal' });
});

it('falls back to the URL, plain or w_-prefixed', () => {
  assert.deepEqual(readHandover(null, '?token=a&from=oa&x=1'), { token: 'a', from: 'oa' });
  assert.deepEqual(readHandover(null, '?w_token=b&w_userId=9'), { token: 'b', userId: '9' });
  assert.deepEqual(readHandover(null, ''), {});
});

it('copies the handover into w_ parameters and keeps the others', () => {
  const search = withHandoverParams('?redirect=%2Fdata', { token: 't1', userId: '3', base_url: '/api2', from: 'host' });
  const params = new URLSearchParams(search);
  assert.equal(params.get('redirect'), '/data');
  assert.equal(params.get('w_token'), 't1');
  assert.equal(params.get('w_userId'), '3');
  assert.equal(params.get('w_base_url'), '/api2');
  assert.equal(params.get('w_from'), 'host');
  assert.equal(withHandoverParams('', {}), '');
});

it('is embedded under qiankun, or in a frame with a handover; otherwise standalone', () => {
  assert.equal(detectMode({}, false, {}), 'qiankun');
  assert.equal(detectMode(null, true, { token: 'x' }), 'iframe');
  assert.equal(detectMode(null, true, {}), 'standalone');
  assert.equal(detectMode(null, false, { token: 'x' }), 'standalone');
});

it('normalises router bases', () => {
  assert.equal(normalizeBase('/portal/zikao/'), '/portal/zikao');
  assert.equal(normalizeBase('/'), '');
  assert.equal(normalizeBase(undefined), '');
});
