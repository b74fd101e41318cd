import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ErrorCode, signParams } from '@zikao/contract';
import { AppError } from './errors.ts';
import { checkSignature, checkTimestamp } from './signature-hook.ts';
import { paramsKey } from './validation.ts';

interface Vector {
  params: Record<string, unknown>;
  t: number | string;
  sig: string;
  note?: string;
}

const vectorsUrl = new URL('../../../../test-data/spec/signing-vectors.json', import.meta.url);
const vectors = (JSON.parse(readFileSync(vectorsUrl, 'utf8')) as Vector[]).filter((v) => !v.note?.includes('File'));

describe('server signature check', () => {
  it('has vectors to check', () => {
    assert.ok(vectors.length >= 5);
  });

  for (const [index, vector] of vectors.entries()) {
    it(`accepts vector ${index} and rejects it with one character changed`, () => {
      assert.doesNotThrow(() => checkSignature(vector.params, String(vector.t), vector.sig));
      assert.doesNotThrow(() => checkSignature(vector.params, String(vector.t), vector.sig.toUpperCase()));
      const wrong = `${vector.sig.slice(0, -1)}${vector.sig.endsWith('0') ? '1' : '0'}`;
      assert.throws(
        () => checkSignature(vector.params, String(vector.t), wrong),
        (error: unknown) => error instanceof AppError && error.code === ErrorCode.badSignature,
      );
    });
  }

  it('takes a timestamp as a JSON number or as digits, by the same rule', () => {
    const now = 1_764_000_000_000;
    assert.equal(checkTimestamp(now - 1000, now), String(now - 1000));
    assert.equal(checkTimestamp(String(now + 1000), now), String(now + 1000));
    const isBad = (error: unknown) => error instanceof AppError && error.code === ErrorCode.badSignature;
    for (const t of [
      now + 0.5,
      -1,
      1e16,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      `${now}.5`,
      '-1',
      '1e3',
      '',
      ' 1',
      null,
      true,
    ]) {
      assert.throws(() => checkTimestamp(t, now), isBad, `rejects ${String(t)}`);
    }
    assert.throws(
      () => checkTimestamp(now - 300_001, now),
      (error: unknown) => error instanceof AppError && error.code === ErrorCode.staleTimestamp,
    );
    assert.equal(checkTimestamp(now - 300_000, now), String(now - 300_000), 'the window includes its edge');
  });

  it('reuses a signed prefix only for the same parameters, with any t', () => {
    const signedOk = (params: Record<string, unknown>, t: number, sig: string) =>
      checkSignature(params, String(t), sig, paramsKey(params));
    const isBad = (error: unknown) => error instanceof AppError && error.code === ErrorCode.badSignature;
    const params = { keyword: '王', status: 'assigned', page: 1, pageSize: 20 };
    for (const t of [1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_002]) {
      assert.doesNotThrow(() => signedOk(params, t, signParams(params, t)));
      assert.throws(() => signedOk(params, t, signParams(params, t + 1)), isBad, 'a signature for another t');
    }
    // Once the first prefix is remembered, parameters that differ in any way still need their own signature.
    const t = 1_700_000_000_003;
    const sig = signParams(params, t);
    for (const changed of [
      { ...params, keyword: '李' },
      { ...params, page: 2 },
      { ...params, extra: 'x' },
      { keyword: '王', status: 'assigned', page: 1 },
    ]) {
      assert.throws(() => signedOk(changed, t, sig), isBad, JSON.stringify(changed));
    }
    // Long parameters are checked the same way, whether or not their prefix is kept.
    const long = { comment: '评'.repeat(5000), page: 1 };
    for (const tt of [t, t + 1]) {
      assert.doesNotThrow(() => signedOk(long, tt, signParams(long, tt)));
      assert.throws(() => signedOk({ ...long, page: 2 }, tt, signParams(long, tt)), isBad);
    }
    // Without a key (objects in the parameters), the prefix is built each time.
    const nested = { ids: [1, 2], page: 1 };
    assert.doesNotThrow(() => checkSignature(nested, String(t), signParams(nested, t), paramsKey(nested)));
    assert.throws(() => checkSignature({ ids: [1, 3], page: 1 }, String(t), signParams(nested, t)), isBad);
  });
});
