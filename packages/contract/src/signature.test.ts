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

const vectorsUrl = new URL('../../../test-data/spec/signing-vectors.json', import.meta.url);
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

  it('orders and renders any keys as a plain sort-and-join does', () => {
    const reference = (params: Record<string, unknown>, t: number) =>
      Object.keys(params)
        .filter((key) => key !== 'sig' && key !== 't' && params[key] !== null && params[key] !== undefined)
        .sort()
        .map((key) => {
          const value = params[key];
          const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
          return `${key}=${Array.from(text).slice(0, 50).join('')}`;
        })
        .join('&') + String(t);
    const names = ['b', 'a', 'B', 'A', '_x', 'a1', 'a10', 'a2', '页码', 'z', 'Z9', 'sig', 't', 'keyword', 'key'];
    const values = [
      1,
      0,
      -2.5,
      'x',
      '',
      '王'.repeat(60),
      '😀'.repeat(30),
      true,
      false,
      null,
      undefined,
      [1, 'a'],
      { k: 1 },
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const params: Record<string, unknown> = {};
      const count = next(names.length + 1);
      for (let i = 0; i < count; i++) params[names[next(names.length)] as string] = values[next(values.length)];
      assert.equal(signatureBase(params, 1_700_000_000_000 + round), reference(params, 1_700_000_000_000 + round));
    }
  });
});
