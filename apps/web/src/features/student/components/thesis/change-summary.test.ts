import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import { changeSummary } from './change-summary.ts';

function annotation(id: string, kind: AnnotationDto['kind'], pageIndex: number, extra: Partial<AnnotationDto> = {}) {
  return {
    id,
    documentId: 1,
    kind,
    category: 'language',
    severity: 'minor',
    comment: '',
    stamp: null,
    pageIndex,
    selectors: [{ type: 'TextPositionSelector', start: 10 * pageIndex, end: 10 * pageIndex + 4 }],
    revision: 1,
    authorId: 1,
    authorName: '评阅老师',
    createdAt: 1,
    updatedAt: 1,
    replies: [],
    ...extra,
  } as AnnotationDto;
}

const shape = {
  color: '#cf1322',
  width: 2,
  strokes: [
    [
      [0.1, 0.1],
      [0.2, 0.2],
    ],
  ],
};

describe('the candidate’s change summary', () => {
  it('lists suggestions and drawn marks apart, each in reading order, and nothing else', () => {
    const summary = changeSummary([
      annotation('r2', 'replace', 2, { suggestion: '新' }),
      annotation('h', 'highlight', 0),
      annotation('s0', 'strikeout', 0),
      annotation('a1', 'arrow', 1, { shape }),
      annotation('i1', 'insert', 1, { suggestion: '的' }),
      annotation('p0', 'pen', 0, { shape }),
      annotation('u', 'underline', 0),
      annotation('n', 'note', 0),
    ]);
    assert.deepEqual(
      summary.changes.map((a) => a.id),
      ['s0', 'i1', 'r2'],
    );
    assert.deepEqual(
      summary.drawn.map((a) => a.id),
      ['p0', 'a1'],
    );
  });

  it('leaves out a drawn mark that came without its strokes', () => {
    assert.deepEqual(changeSummary([annotation('l', 'line', 0, { shape: null })]).drawn, []);
  });
});

describe('the summary in the document’s numbering (issue 32 §1.1)', () => {
  it('follows the workspace’s numbers where it has them', () => {
    const first = annotation('r', 'replace', 0, { suggestion: '甲' });
    const second = annotation('s', 'strikeout', 0);
    const numbers = new Map([
      ['s', 2],
      ['r', 5],
    ]);
    assert.deepEqual(
      changeSummary([first, second], numbers).changes.map((a) => a.id),
      ['s', 'r'],
    );
    assert.deepEqual(
      changeSummary([first, second]).changes.map((a) => a.id),
      ['r', 's'],
    );
  });
});
