import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ANNOTATION_LIMITS, type AnnotationDto, type AnnotationInput } from '@zikao/contract/annotation';
import { ErrorCode } from '@zikao/contract/errors';
import { ApiError } from '../shared/request/errors.ts';
import type { OutboxOp } from './annotation-model.ts';
import { MemoryOutboxStore } from './outbox.ts';
import { WorkspaceController } from './workspace-controller.ts';

function note(id: string, pageIndex: number): AnnotationInput {
  return {
    id,
    kind: 'note',
    category: 'content',
    severity: 'minor',
    comment: '意见',
    stamp: null,
    pageIndex,
    selectors: [{ type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=1' }],
  };
}

const stored = (input: AnnotationInput): AnnotationDto => ({
  ...input,
  documentId: 1,
  revision: 1,
  authorId: 3,
  authorName: '评阅老师',
  createdAt: 1,
  updatedAt: 1,
  replies: [],
});

/** A controller over a server list of `onPage0` marks on page 1; records what it sends and says. */
async function controllerWith(onPage0: number, send: (op: OutboxOp) => Promise<unknown> = async () => ({})) {
  const sent: OutboxOp[] = [];
  const said: string[] = [];
  const list = Array.from({ length: onPage0 }, (_, i) => stored(note(`n${i}`, 0)));
  const controller = new WorkspaceController({
    documentId: 1,
    author: { id: 3, name: '评阅老师', role: 3 },
    store: new MemoryOutboxStore(),
    list: async () => list,
    send: async (op) => {
      sent.push(op);
      return send(op);
    },
    notify: (_kind, text) => said.push(text),
    online: () => true,
  });
  await controller.load();
  return { controller, sent, said };
}

describe('the workspace and the caps on marks (issue 32 §4.3)', () => {
  it('says a page is full instead of sending a mark the server would refuse', async () => {
    const { controller, sent, said } = await controllerWith(ANNOTATION_LIMITS.perPage);
    await controller.create(note('new', 0));
    assert.deepEqual(sent, []);
    assert.deepEqual(said, ['第 1 页的批注已达上限（每页 200 条），请删除不再需要的批注后再添加']);
    assert.equal(controller.snapshot().annotations.length, ANNOTATION_LIMITS.perPage);
    controller.dispose();
  });

  it('shows the server’s cap refusal as it is, not as an edit in another window', async () => {
    const message = '本文档的批注已达上限（2000 条），请删除不再需要的批注后再添加';
    const { controller, said } = await controllerWith(1, async () => {
      throw new ApiError(ErrorCode.conflict, message);
    });
    await controller.create(note('new', 1));
    await new Promise<void>((resolve) => {
      const stop = controller.subscribe(() => {
        if (said.length > 0) {
          stop();
          resolve();
        }
      });
    });
    assert.deepEqual(said, [message]);
    controller.dispose();
  });
});
