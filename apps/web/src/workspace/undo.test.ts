import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import { type AnnotationInput, annotationInputSchema } from '@zikao/contract/annotation';
import { toInput } from './annotation-model.ts';
import { describeUndo, inverseOf, UndoStack } from './undo.ts';

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

describe('undo of the markup kinds (issue 24)', () => {
  const fragment = {
    type: 'FragmentSelector',
    conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
    value: 'page=1&viewrect=10,20,30,40',
  } as const;
  const quote = { type: 'TextQuoteSelector', exact: '可复用', prefix: '提出了', suffix: '的批注' } as const;
  const dto = (overrides: Partial<AnnotationDto>): AnnotationDto => ({
    id: 'x',
    documentId: 1,
    kind: 'highlight',
    category: 'content',
    severity: 'minor',
    comment: '',
    stamp: null,
    pageIndex: 0,
    selectors: [quote],
    revision: 3,
    authorId: 7,
    authorName: '陈评阅',
    createdAt: 1,
    updatedAt: 1,
    replies: [],
    ...overrides,
  });

  it('takes back an edit of a suggestion or a drawing with its wording and strokes, so the server accepts it', () => {
    const replace = dto({ id: crypto.randomUUID(), kind: 'replace', suggestion: '通用' });
    const pen = dto({
      id: crypto.randomUUID(),
      kind: 'pen',
      selectors: [fragment, quote],
      shape: {
        color: '#cf1322',
        width: 2,
        strokes: [
          [
            [0.1, 0.2, 0.5],
            [0.3, 0.4, 0.9],
          ],
        ],
      },
    });
    for (const before of [replace, pen]) {
      const stack = new UndoStack();
      const input = toInput(before);
      stack.push({ kind: 'edit', before: input, after: { ...input, comment: '改' } });
      const action = inverseOf(stack.pop() as never);
      assert.equal(action.type, 'save');
      const sent = action.type === 'save' ? action.annotation : null;
      assert.equal(sent?.suggestion ?? null, before.suggestion ?? null);
      assert.deepEqual(sent?.shape ?? null, before.shape ?? null);
      assert.ok(annotationInputSchema.safeParse(sent).success, `${before.kind} input is valid`);
    }
  });

  it('leaves suggestion and shape out for the older kinds, as before', () => {
    const input = toInput(dto({ id: 'h' }));
    assert.equal('suggestion' in input, false);
    assert.equal('shape' in input, false);
  });

  it('undoes creating and erasing a drawn mark by deleting and restoring it', () => {
    const line = toInput(
      dto({
        id: 'l',
        kind: 'line',
        selectors: [fragment],
        shape: {
          color: '#1677ff',
          width: 4,
          strokes: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
      }),
    );
    assert.deepEqual(inverseOf({ kind: 'create', annotation: line }), { type: 'delete', id: 'l' });
    assert.deepEqual(inverseOf({ kind: 'delete', annotation: line }), { type: 'restore', id: 'l' });
    assert.equal(describeUndo({ kind: 'delete', annotation: line }), '已恢复删除的批注');
  });
});
