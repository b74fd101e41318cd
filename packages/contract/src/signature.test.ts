import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { signatureBase, signParams } from './signature.ts';

interface Vector {
  params: Record<string, unknown>;
  t: number;
  base: string;
  sig: string;
  note?: string;
}

const vectorsUrl = new URL('../../../../shared/spec/signing-vectors.json', import.meta.url);
const vectors = JSON.parse(readFileSync(vectorsUrl, 'utf8')) as Vector[];

describe('request signature', () => {
  it('has vectors to check', () => {
    assert.ok(vectors.length >= 6);
  });

  for (const [index, vector] of vectors.entries()) {
    it(`matches vector ${index}: ${vector.base.slice(0, 40)}`, () => {
      const params: Record<string, unknown> = { ...vector.params };
      // The form-data vector held a File field named "file", which must be skipped.
      if (vector.note?.includes('File')) params.file = new File(['%PDF-1.7'], 'a.pdf');
      assert.equal(signatureBase(params, vector.t), vector.base);
      assert.equal(signParams(params, vector.t), vector.sig);
    });
  }

  it('ignores sig and t already present in the params', () => {
    assert.equal(signParams({ a: 1, sig: 'x', t: 5 }, 9), signParams({ a: 1 }, 9));
  });

  it('changes when a value is tampered with', () => {
    assert.notEqual(signParams({ a: 1 }, 9), signParams({ a: 2 }, 9));
  });
});
