import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type InlineRun, inlineChanges, sideBySide } from './diff-rows.ts';

const cells = (rows: ReturnType<typeof sideBySide>) =>
  rows.map((row) =>
    row.type === 'fold'
      ? `…${row.hidden}`
      : `${row.left ? `${row.left.no}${row.left.kind[0]}:${row.left.text}` : '-'} | ${row.right ? `${row.right.no}${row.right.kind[0]}:${row.right.text}` : '-'}`,
  );

describe('side-by-side diff rows', () => {
  it('puts a changed passage beside its replacement and numbers each side on its own', () => {
    const rows = sideBySide([
      { op: 'equal', lines: ['标题'] },
      { op: 'delete', lines: ['旧的一句', '删掉的一句'] },
      { op: 'insert', lines: ['新的一句'] },
      { op: 'equal', lines: ['结尾'] },
      { op: 'insert', lines: ['补充'] },
    ]);
    assert.deepEqual(cells(rows), [
      '1e:标题 | 1e:标题',
      '2d:旧的一句 | 2i:新的一句',
      '3d:删掉的一句 | -',
      '4e:结尾 | 3e:结尾',
      '- | 4i:补充',
    ]);
  });

  it('folds long unchanged runs but keeps the context around each change', () => {
    const same = Array.from({ length: 10 }, (_, i) => `第${i + 1}行`);
    const rows = sideBySide(
      [
        { op: 'equal', lines: same },
        { op: 'delete', lines: ['x'] },
        { op: 'equal', lines: same },
        { op: 'insert', lines: ['y'] },
        { op: 'equal', lines: same },
      ],
      2,
    );
    assert.deepEqual(cells(rows), [
      '…8',
      '9e:第9行 | 9e:第9行',
      '10e:第10行 | 10e:第10行',
      '11d:x | -',
      '12e:第1行 | 11e:第1行',
      '13e:第2行 | 12e:第2行',
      '…6',
      '20e:第9行 | 19e:第9行',
      '21e:第10行 | 20e:第10行',
      '- | 21i:y',
      '22e:第1行 | 22e:第1行',
      '23e:第2行 | 23e:第2行',
      '…8',
    ]);
  });

  it('shows identical versions in full when nothing is folded', () => {
    const rows = sideBySide([{ op: 'equal', lines: ['一', '二'] }]);
    assert.deepEqual(cells(rows), ['1e:一 | 1e:一', '2e:二 | 2e:二']);
  });
});

describe('characters changed within a line', () => {
  const marked = (runs: InlineRun[] | undefined) =>
    (runs ?? []).map((run) => (run.changed ? `[${run.text}]` : run.text)).join('');

  it('marks what a changed line lost and its replacement gained, not the whole sentence', () => {
    const rows = sideBySide([
      { op: 'equal', lines: ['绪论'] },
      { op: 'delete', lines: ['本文采用问卷调查法'] },
      { op: 'insert', lines: ['本文采用访谈法'] },
    ]);
    const changed = rows[1];
    assert.ok(changed?.type === 'line');
    assert.equal(marked(changed.left?.runs), '本文采用[问卷调查]法');
    assert.equal(marked(changed.right?.runs), '本文采用[访谈]法');
    // Equal lines, and a line with nothing facing it, are not split into runs.
    assert.ok(rows[0]?.type === 'line' && rows[0].left?.runs === undefined);
  });

  it('never splits a character outside the basic plane, and marks lines too unlike as a whole', () => {
    const supplementary = inlineChanges('𠮷野家', '𠮷野屋');
    assert.equal(marked(supplementary?.left), '𠮷野[家]');
    assert.equal(marked(supplementary?.right), '𠮷野[屋]');
    assert.equal(inlineChanges('甲乙丙丁', '子丑寅卯', 3), null);
    assert.equal(inlineChanges('长'.repeat(3000), '短'.repeat(3000)), null);
  });
});
