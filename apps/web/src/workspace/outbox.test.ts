import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto, AnnotationInput } from '@zikao/contract/annotation';
import { ApiError, NetworkError } from '../shared/request/errors.ts';
import { applyPending, type OutboxOp } from './annotation-model.ts';
import { classifyFailure } from './failure.ts';
import { MemoryOutboxStore, Outbox, retryDelay } from './outbox.ts';

const author = { id: 3, name: '评阅老师', role: 3 };

function input(id: string, comment = '意见'): AnnotationInput {
  return {
    id,
    kind: 'highlight',
    category: 'content',
    severity: 'minor',
    comment,
    stamp: null,
    pageIndex: 0,
    selectors: [{ type: 'TextQuoteSelector', exact: '文字' }],
  };
}

function dto(annotation: AnnotationInput, revision: number): AnnotationDto {
  return {
    ...annotation,
    documentId: 1,
    revision,
    authorId: 3,
    authorName: '评阅老师',
    createdAt: 1,
    updatedAt: 1,
    replies: [],
  };
}

/** A fake server: keeps revisions, can be cut off, and can lose answers. */
function fakeServer() {
  const revisions = new Map<string, number>();
  const log: string[] = [];
  const server = {
    offline: false,
    revisions,
    log,
    async send(op: OutboxOp): Promise<unknown> {
      if (server.offline) throw new NetworkError('网络异常', false);
      if (op.type === 'save') {
        const current = revisions.get(op.annotation.id) ?? 0;
        if (op.baseRevision !== current) throw new ApiError(1080001, '批注已被修改');
        revisions.set(op.annotation.id, current + 1);
        log.push(`save ${op.annotation.id}@${op.baseRevision} ${op.annotation.comment}`);
        return dto(op.annotation, current + 1);
      }
      if (op.type === 'reply') {
        log.push(`reply ${op.annotationId}`);
        return null;
      }
      const current = revisions.get(op.id) ?? 0;
      if (op.baseRevision !== current) throw new ApiError(1080001, '批注已被修改');
      revisions.set(op.id, current + 1);
      log.push(`${op.type} ${op.id}@${op.baseRevision}`);
      return { ...dto(input(op.id), current + 1) };
    },
  };
  return server;
}

function manualTimers() {
  const timers: Array<{ ms: number; run: () => void }> = [];
  return {
    timers,
    setTimer(run: () => void, ms: number) {
      const timer = { ms, run };
      timers.push(timer);
      return () => {
        timers.splice(timers.indexOf(timer), 1);
      };
    },
    fire() {
      const timer = timers.shift();
      timer?.run();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('autosave outbox', () => {
  it('sends changes in order and builds later edits on the revision the server returned', async () => {
    const server = fakeServer();
    const store = new MemoryOutboxStore();
    const outbox = new Outbox({ documentId: 1, store, send: server.send, classify: classifyFailure });
    await outbox.init();
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a', '一'), baseRevision: 0 });
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('b', '二'), baseRevision: 0 });
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a', '三'), baseRevision: 0 });
    await settle();
    assert.deepEqual(server.log, ['save a@0 一', 'save b@0 二', 'save a@1 三']);
    assert.equal(outbox.state, 'idle');
    assert.equal(store.ops.size, 0);
  });

  it('counts a change as pending the moment it is queued, before the store has written it', async () => {
    // A slow store (IndexedDB on a busy machine): the screen must not say 已保存 meanwhile.
    let release: () => void = () => {};
    const slow = new MemoryOutboxStore();
    const put = slow.put.bind(slow);
    slow.put = (op) => new Promise<void>((resolve) => (release = () => void put(op).then(resolve)));
    let changes = 0;
    const outbox = new Outbox({
      documentId: 1,
      store: slow,
      send: fakeServer().send,
      classify: classifyFailure,
      onChange: () => changes++,
    });
    await outbox.init();
    const before = changes;
    const queued = outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a'), baseRevision: 0 });
    assert.equal(outbox.pending.length, 1);
    assert.ok(changes > before, 'listeners hear of it before the store answers');
    release();
    await queued;
    await settle();
    assert.equal(outbox.pending.length, 0);
  });

  it('keeps changes through a network cut and a reload, then sends them all in order', async () => {
    const server = fakeServer();
    server.offline = true;
    const store = new MemoryOutboxStore();
    const timers = manualTimers();
    const first = new Outbox({
      documentId: 1,
      store,
      send: server.send,
      classify: classifyFailure,
      setTimer: timers.setTimer,
    });
    await first.init();
    for (const id of ['x', 'y', 'z']) {
      await first.enqueue({ documentId: 1, type: 'save', annotation: input(id), baseRevision: 0 });
    }
    await settle();
    assert.equal(first.state, 'offline');
    assert.equal(timers.timers[0]?.ms, 1000);
    timers.fire();
    await settle();
    assert.equal(timers.timers[0]?.ms, 2000, 'backs off after a second failure');
    first.dispose();

    // Reload: a new outbox over the same store finds all three, the UI shows them merged.
    const second = new Outbox({ documentId: 1, store, send: server.send, classify: classifyFailure });
    server.offline = true;
    const pending = await second.init();
    assert.deepEqual(
      pending.map((op) => (op.type === 'save' ? op.annotation.id : '')),
      ['x', 'y', 'z'],
    );
    const shown = applyPending([], pending, author);
    assert.equal(shown.length, 3);
    assert.ok(shown.every((a) => a.pending));

    server.offline = false;
    second.retryNow();
    await settle();
    assert.deepEqual(server.log, ['save x@0 意见', 'save y@0 意见', 'save z@0 意见']);
    assert.equal(store.ops.size, 0);
  });

  it('merges consecutive unsent saves of one annotation into one', async () => {
    const server = fakeServer();
    server.offline = true;
    const store = new MemoryOutboxStore();
    const outbox = new Outbox({
      documentId: 1,
      store,
      send: server.send,
      classify: classifyFailure,
      setTimer: () => () => {},
    });
    await outbox.init();
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a', '一'), baseRevision: 0 });
    await settle();
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a', '一二'), baseRevision: 0 });
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a', '一二三'), baseRevision: 0 });
    assert.equal(outbox.pending.length, 2, 'the first was in flight when it failed, the next two merge');
    server.offline = false;
    outbox.retryNow();
    await settle();
    assert.deepEqual(server.log, ['save a@0 一', 'save a@1 一二三']);
  });

  it('drops a conflicting change with the ones built on it, reports it, and goes on', async () => {
    const server = fakeServer();
    server.revisions.set('a', 5);
    const conflicts: string[] = [];
    const outbox = new Outbox({
      documentId: 1,
      store: new MemoryOutboxStore(),
      send: server.send,
      classify: classifyFailure,
      onConflict: (op) => conflicts.push(op.type),
    });
    await outbox.init();
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('a', '旧'), baseRevision: 4 });
    await outbox.enqueue({ documentId: 1, type: 'delete', id: 'a', baseRevision: 4 });
    await outbox.enqueue({ documentId: 1, type: 'save', annotation: input('b'), baseRevision: 0 });
    await settle();
    assert.equal(conflicts[0], 'save');
    assert.deepEqual(server.log, ['save b@0 意见']);
    assert.equal(outbox.pending.length, 0);
  });

  it('rejects a change the server refuses for good without blocking the queue', async () => {
    const rejected: number[] = [];
    let calls = 0;
    const outbox = new Outbox({
      documentId: 1,
      store: new MemoryOutboxStore(),
      send: async () => {
        calls++;
        if (calls === 1) throw new ApiError(1010001, '参数错误');
        return null;
      },
      classify: classifyFailure,
      onRejected: (_op, error) => rejected.push((error as ApiError).code),
    });
    await outbox.init();
    await outbox.enqueue({ documentId: 1, type: 'reply', annotationId: 'a', comment: '好' });
    await outbox.enqueue({ documentId: 1, type: 'reply', annotationId: 'a', comment: '好的' });
    await settle();
    assert.deepEqual(rejected, [1010001]);
    assert.equal(calls, 2);
  });

  it('backs off exponentially up to 30 s', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map(retryDelay), [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('merging queued changes over the server list', () => {
  it('overlays edits, hides deletes, brings back restores and appends replies', () => {
    const a = dto(input('a', '服务器'), 2);
    const b = dto({ ...input('b'), pageIndex: 1 }, 1);
    const ops: OutboxOp[] = [
      { seq: 1, documentId: 1, type: 'save', annotation: input('a', '本地修改'), baseRevision: 2 },
      { seq: 2, documentId: 1, type: 'delete', id: 'b', baseRevision: 1 },
      { seq: 3, documentId: 1, type: 'reply', annotationId: 'a', comment: '已修改' },
    ];
    const shown = applyPending([a, b], ops, author);
    assert.equal(shown.length, 1);
    assert.equal(shown[0]?.comment, '本地修改');
    assert.equal(shown[0]?.revision, 2);
    assert.equal(shown[0]?.replies[0]?.comment, '已修改');
    const restored = applyPending(
      [a, b],
      [...ops, { seq: 4, documentId: 1, type: 'restore', id: 'b', baseRevision: 2 }],
      author,
    );
    assert.deepEqual(
      restored.map((x) => x.id),
      ['a', 'b'],
    );
  });
});
