import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DocumentStatus, DocumentSummary } from '@zikao/contract/document';
import { pollConversion, type Schedule } from './conversion-poll.ts';

const summary = (status: DocumentStatus, progress = 0): DocumentSummary => ({
  id: 7,
  name: '论文.docx',
  status,
  progress,
  error: status === 'failed' ? '文件已损坏' : '',
  pageCount: status === 'ready' ? 12 : 0,
  sourceMime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  createdAt: 0,
});

/** A clock driven by hand: `tick()` runs the next scheduled call and lets its promises settle. */
function handClock() {
  const pending: { run(): void; ms: number; cancelled: boolean }[] = [];
  const schedule: Schedule = (run, ms) => {
    const entry = { run, ms, cancelled: false };
    pending.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  return {
    schedule,
    /** Delays still waiting to run. */
    waiting: () => pending.filter((entry) => !entry.cancelled).map((entry) => entry.ms),
    async tick() {
      const entry = pending.shift();
      assert.ok(entry, 'something is scheduled');
      if (!entry.cancelled) entry.run();
      await new Promise((resolve) => setImmediate(resolve));
      return entry.ms;
    },
  };
}

/** A status call that answers the given results in turn (an Error is a failed call). */
function answers(...results: (DocumentSummary | Error)[]) {
  const asked: number[] = [];
  const status = async (documentId: number) => {
    asked.push(documentId);
    const next = results.shift();
    assert.ok(next, 'asked once too often');
    if (next instanceof Error) throw next;
    return next;
  };
  return { status, asked };
}

describe('pollConversion', () => {
  it('asks after a short wait, then at the interval, and stops when the document is ready', async () => {
    const clock = handClock();
    const calls = answers(
      summary('queued'),
      summary('converting', 40),
      summary('extracting', 80),
      summary('ready', 100),
    );
    const seen: DocumentStatus[] = [];
    pollConversion({
      documentId: 7,
      status: calls.status,
      onStatus: (s) => seen.push(s.status),
      schedule: clock.schedule,
    });

    assert.deepEqual(clock.waiting(), [300]);
    assert.equal(await clock.tick(), 300);
    assert.deepEqual(clock.waiting(), [800]);
    await clock.tick();
    await clock.tick();
    await clock.tick();
    assert.deepEqual(seen, ['queued', 'converting', 'extracting', 'ready']);
    assert.deepEqual(calls.asked, [7, 7, 7, 7]);
    assert.deepEqual(clock.waiting(), [], 'nothing is asked after ready');
  });

  it('stops when the conversion has failed, reporting why', async () => {
    const clock = handClock();
    const calls = answers(summary('converting', 10), summary('failed'));
    const seen: DocumentSummary[] = [];
    pollConversion({ documentId: 7, status: calls.status, onStatus: (s) => seen.push(s), schedule: clock.schedule });
    await clock.tick();
    await clock.tick();
    assert.equal(seen.at(-1)?.status, 'failed');
    assert.equal(seen.at(-1)?.error, '文件已损坏');
    assert.deepEqual(clock.waiting(), []);
  });

  it('keeps polling through a missed status call, which it does not report', async () => {
    const clock = handClock();
    const calls = answers(summary('converting', 20), new Error('网络连接异常，请稍后再试'), summary('ready', 100));
    const seen: DocumentStatus[] = [];
    pollConversion({
      documentId: 7,
      status: calls.status,
      onStatus: (s) => seen.push(s.status),
      schedule: clock.schedule,
    });
    await clock.tick();
    await clock.tick();
    assert.deepEqual(seen, ['converting']);
    assert.deepEqual(clock.waiting(), [800], 'asks again after the missed call');
    await clock.tick();
    assert.deepEqual(seen, ['converting', 'ready']);
    assert.equal(calls.asked.length, 3);
  });

  it('asks and reports nothing more once stopped, even an answer already on its way', async () => {
    const clock = handClock();
    let answer: (value: DocumentSummary) => void = () => {};
    const asked: number[] = [];
    const status = (documentId: number) => {
      asked.push(documentId);
      return new Promise<DocumentSummary>((resolve) => {
        answer = resolve;
      });
    };
    const seen: DocumentStatus[] = [];
    const stop = pollConversion({
      documentId: 7,
      status,
      onStatus: (s) => seen.push(s.status),
      schedule: clock.schedule,
    });
    await clock.tick();
    assert.equal(asked.length, 1);
    stop();
    answer(summary('converting', 50));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, []);
    assert.deepEqual(clock.waiting(), []);
  });

  it('asks nothing when stopped before the first question', () => {
    const clock = handClock();
    const calls = answers();
    const stop = pollConversion({ documentId: 7, status: calls.status, onStatus: () => {}, schedule: clock.schedule });
    stop();
    assert.deepEqual(clock.waiting(), []);
    assert.deepEqual(calls.asked, []);
  });

  it('polls with real timers by default', async () => {
    const calls = answers(summary('converting'), summary('ready', 100));
    let stop = () => {};
    const settled = new Promise<DocumentStatus>((resolve) => {
      stop = pollConversion({
        documentId: 7,
        status: calls.status,
        onStatus: (s) => {
          if (s.status === 'ready') resolve(s.status);
        },
        firstDelay: 1,
        interval: 1,
      });
    });
    try {
      assert.equal(await settled, 'ready');
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(calls.asked.length, 2, 'nothing is asked after ready');
    } finally {
      stop();
    }
  });
});
