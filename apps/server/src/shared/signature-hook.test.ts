import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { AppError } from './errors.ts';
import { checkSignature } from './signature-hook.ts';

interface Vector {
  params: Record<string, unknown>;
  t: number | string;
  sig: string;
  note?: string;
}

const vectorsUrl = new URL('../../../../../shared/spec/signing-vectors.json', import.meta.url);
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
});
