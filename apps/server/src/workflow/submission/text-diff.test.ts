import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DiffOp } from '@zikao/contract';
import { diffLines } from './text-diff.ts';

/** Rebuilds both sides from the ops: a diff must lose nothing. */
function sides(ops: readonly DiffOp[]): { before: string[]; after: string[] } {
  const before: string[] = [];
  const after: string[] = [];
  for (const op of ops) {
    if (op.op !== 'insert') before.push(...op.lines);
    if (op.op !== 'delete') after.push(...op.lines);
  }
  return { before, after };
}

describe('line diff', () => {
  it('finds an inserted and a deleted line between equal runs', () => {
    const before = ['第一章 绪论', '研究背景', '研究意义', '第二章 文献综述'];
    const after = ['第一章 绪论', '研究背景与问题', '研究意义', '第二章 文献综述', '第三章 方法'];
    const ops = diffLines(before, after);
    assert.deepEqual(ops, [
      { op: 'equal', lines: ['第一章 绪论'] },
      { op: 'delete', lines: ['研究背景'] },
      { op: 'insert', lines: ['研究背景与问题'] },
      { op: 'equal', lines: ['研究意义', '第二章 文献综述'] },
      { op: 'insert', lines: ['第三章 方法'] },
    ]);
  });

  it('rebuilds both texts from random edits', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let round = 0; round < 50; round++) {
      const before = Array.from({ length: Math.floor(random() * 30) }, () => `行${Math.floor(random() * 8)}`);
      const after = before.filter(() => random() > 0.2).map((line) => (random() > 0.8 ? `${line}改` : line));
      const rebuilt = sides(diffLines(before, after));
      assert.deepEqual(rebuilt, { before, after });
    }
  });

  it('answers identical and empty texts', () => {
    assert.deepEqual(diffLines(['a'], ['a']), [{ op: 'equal', lines: ['a'] }]);
    assert.deepEqual(diffLines([], []), []);
    assert.deepEqual(diffLines([], ['新']), [{ op: 'insert', lines: ['新'] }]);
  });

  it('reports texts that barely match as every old line out and every new line in', () => {
    const before = Array.from({ length: 2100 }, (_, i) => `旧稿第${i}行`);
    const after = Array.from({ length: 2100 }, (_, i) => `新稿第${i}行`);
    const ops = diffLines(['封面', ...before, '致谢'], ['封面', ...after, '致谢']);
    assert.deepEqual(ops, [
      { op: 'equal', lines: ['封面'] },
      { op: 'delete', lines: before },
      { op: 'insert', lines: after },
      { op: 'equal', lines: ['致谢'] },
    ]);
  });
});
