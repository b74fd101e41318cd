import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode } from '@zikao/contract';
import { z } from 'zod';
import { AppError } from './errors.ts';
import { MEMO_KEY_MAX, ParsedInputMemo, paramsKey } from './validation.ts';

describe('paramsKey', () => {
  it('tells apart every name, value and type, and leaves out t and sig', () => {
    const inputs = [
      {},
      { a: '1' },
      { a: 1 },
      { a: true },
      { a: 'true' },
      { a: null },
      { a: '' },
      { ab: 'c' },
      { a: 'bc' },
      { a: 'b', c: 'd' },
      { a: 'b4:c' },
    ];
    const keys = inputs.map(paramsKey);
    assert.equal(new Set(keys).size, inputs.length);
    assert.equal(paramsKey({ a: 1, t: 5, sig: 'x' }), paramsKey({ a: 1, t: 6, sig: 'y' }));
  });

  it('gives no key for objects and arrays, which are not memoised', () => {
    assert.equal(paramsKey({ a: { b: 1 } }), undefined);
    assert.equal(paramsKey({ a: [1] }), undefined);
    assert.equal(paramsKey([1]), undefined);
    assert.equal(paramsKey(null), undefined);
  });
});

describe('ParsedInputMemo', () => {
  const schema = z.object({
    name: z.string().max(5, '不能超过 5 个字符'),
    page: z.coerce.number().int().min(1).default(1),
  });

  it('parses repeated valid input once and shares the frozen result', () => {
    const memo = new ParsedInputMemo(schema);
    const first = memo.parse({ name: '王', page: '2', t: 1, sig: 'a' });
    const again = memo.parse({ name: '王', page: '2', t: 2, sig: 'b' });
    assert.deepEqual(first, { name: '王', page: 2 });
    assert.equal(again, first);
    assert.ok(Object.isFrozen(first));
  });

  it('never lets a remembered value pass for input of another type, and parses invalid input every time', () => {
    const memo = new ParsedInputMemo(schema);
    assert.deepEqual(memo.parse({ name: '123' }), { name: '123', page: 1 });
    for (let i = 0; i < 2; i++) {
      assert.throws(
        () => memo.parse({ name: 123 }),
        (error: unknown) =>
          error instanceof AppError &&
          error.code === ErrorCode.invalidInput &&
          error.message === '参数错误：名称格式不正确',
      );
    }
    assert.throws(() => memo.parse({ name: '太长的名字啊' }), /名称不能超过 5 个字符/);
  });

  it('does not keep input with a long key', () => {
    const long = z.object({ text: z.string() });
    const memo = new ParsedInputMemo(long);
    const text = 'x'.repeat(MEMO_KEY_MAX);
    const first = memo.parse({ text });
    assert.deepEqual(first, { text });
    assert.notEqual(memo.parse({ text }), first, 'parsed again, not remembered');
    const short = memo.parse({ text: 'x' });
    assert.equal(memo.parse({ text: 'x' }), short);
  });

  it('keeps at most its number of entries, the oldest out first', () => {
    const memo = new ParsedInputMemo(schema, 2);
    const a = memo.parse({ name: 'a' });
    memo.parse({ name: 'b' });
    memo.parse({ name: 'c' });
    assert.notEqual(memo.parse({ name: 'a' }), a);
    assert.deepEqual(memo.parse({ name: 'a' }), a);
  });

  it('keeps a query in use while others come and go: the least recently used goes', () => {
    const memo = new ParsedInputMemo(schema, 2);
    const polled = memo.parse({ name: '轮询' });
    let other = polled;
    for (let i = 0; i < 10; i++) {
      other = memo.parse({ name: `其他${i}` });
      assert.equal(memo.parse({ name: '轮询' }), polled, `kept after ${i + 1} others`);
    }
    memo.parse({ name: '新的' });
    assert.equal(memo.parse({ name: '轮询' }), polled);
    assert.notEqual(memo.parse({ name: '其他9' }), other, 'the least recently used went');
  });
});

describe('messages about bad input', () => {
  const schema = z.object({
    phone: z.string().regex(/^1\d{10}$/, '格式不正确'),
    file: z.object({ size: z.number().min(1, '内容为空') }),
    secret: z.string().min(1, '不能为空'),
    suggestion: z.string().refine((text) => text !== 'x', '请填写修改后的文字'),
  });
  const valid = { phone: '13800000001', file: { size: 1 }, secret: 's', suggestion: 'y' };
  const messageOf = (input: unknown) => {
    try {
      new ParsedInputMemo(schema).parse(input);
    } catch (error) {
      return (error as AppError).message;
    }
    return '';
  };

  it('names the field in Chinese, never by its code', () => {
    assert.equal(messageOf({ ...valid, phone: '12' }), '参数错误：手机号格式不正确');
    assert.equal(messageOf({ ...valid, file: { size: 0 } }), '参数错误：文件内容为空');
    // A field without a Chinese name is left unnamed rather than spelt as code.
    assert.equal(messageOf({ ...valid, secret: '' }), '参数错误：不能为空');
    assert.equal(messageOf({ ...valid, phone: undefined }), '参数错误：手机号不能为空');
    assert.equal(messageOf({ ...valid, phone: 13800000001 }), '参数错误：手机号格式不正确');
    // A schema's own sentence is read alone.
    assert.equal(messageOf({ ...valid, suggestion: 'x' }), '参数错误：请填写修改后的文字');
    for (const input of [
      { ...valid, phone: '12' },
      { ...valid, secret: '' },
      { ...valid, file: { size: 0 } },
    ]) {
      assert.doesNotMatch(messageOf(input), /[A-Za-z]/);
    }
  });
});
