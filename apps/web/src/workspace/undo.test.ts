import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationInput } from '@zikao/contract/annotation';
import { inverseOf, UndoStack } from './undo.ts';

const note = (id: string, comment: string): AnnotationInput => ({
  id,
  kind: 'note',
  category: 'format',
  severity: 'major',
  comment,
  stamp: null,
  pageIndex: 2,
  selectors: [{ type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=3' }],
});

describe('undo', () => {
  it('takes back steps newest first, each by its inverse change', () => {
    const stack = new UndoStack();
    stack.push({ kind: 'create', annotation: note('a', '一') });
    stack.push({ kind: 'delete', annotation: note('b', '二') });
    stack.push({ kind: 'edit', before: note('a', '一'), after: note('a', '改') });
    assert.deepEqual(inverseOf(stack.pop() as never), { type: 'save', annotation: note('a', '一') });
    assert.deepEqual(inverseOf(stack.pop() as never), { type: 'restore', id: 'b' });
    assert.deepEqual(inverseOf(stack.pop() as never), { type: 'delete', id: 'a' });
    assert.equal(stack.pop(), undefined);
  });

  it('folds successive edits of one annotation into one step back to the first state', () => {
    const stack = new UndoStack();
    stack.push({ kind: 'edit', before: note('a', '原'), after: note('a', '原1') });
    stack.push({ kind: 'edit', before: note('a', '原1'), after: note('a', '原12') });
    assert.equal(stack.size, 1);
    assert.deepEqual(inverseOf(stack.pop() as never), { type: 'save', annotation: note('a', '原') });
  });

  it('is bounded and forgets steps about an annotation changed elsewhere', () => {
    const stack = new UndoStack(2);
    stack.push({ kind: 'create', annotation: note('a', '') });
    stack.push({ kind: 'create', annotation: note('b', '') });
    stack.push({ kind: 'create', annotation: note('c', '') });
    assert.equal(stack.size, 2);
    stack.forget('c');
    assert.deepEqual(inverseOf(stack.pop() as never), { type: 'delete', id: 'b' });
    assert.equal(stack.size, 0);
  });
});
