import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoardServerMessage } from '@zikao/contract/board';
import type { AttendanceDto, BoardContext, BoardState, HandInDto } from '@zikao/contract/course';
import { type BoardAction, type BoardLive, boardReducer, initialLive } from './board-live-state.ts';
import { TOP_SHARE } from './viewer-transform.ts';

const state = (change: Partial<BoardState> = {}): BoardState => ({
  page: 1,
  zoom: 1,
  rotation: 0,
  sync: true,
  seq: 1,
  updatedAt: 0,
  ...change,
});

const context = (role: 'presenter' | 'viewer', change: Partial<BoardState> = {}): BoardContext =>
  ({
    role,
    course: { status: 'live', startedAt: null, endedAt: null, cancelled: false },
    state: state(change),
    serverTime: 0,
  }) as BoardContext;

const server = (message: BoardServerMessage, receivedAt = 0): BoardAction => ({ type: 'server', message, receivedAt });
const snapshot = (change: Partial<BoardState>): BoardAction =>
  server({ type: 'state', state: state(change), serverTime: 0 });
const moved = (page: number, seq: number, zoom = 1): BoardAction =>
  server({ type: 'page', page, zoom, rotation: 0, seq, at: 0 });

const run = (role: 'presenter' | 'viewer', start: Partial<BoardState>, ...actions: BoardAction[]): BoardLive =>
  actions.reduce(boardReducer(role === 'presenter'), initialLive(context(role, start)));

describe('the board’s live state', () => {
  it('shows a viewer the class’s page from the context, then follows the socket in order of seq', () => {
    let live = run('viewer', { page: 3, seq: 5 });
    assert.equal(live.follow.shown.page, 3);
    live = run('viewer', { page: 3, seq: 5 }, moved(4, 6), moved(2, 4));
    assert.equal(live.follow.shown.page, 4, 'a page message older than what the board holds is dropped');
    assert.equal(live.seq, 6);
  });

  it('takes a snapshot whatever its seq: a restarted server counts again from nothing', () => {
    const live = run('viewer', { page: 3, seq: 50 }, snapshot({ page: 6, seq: 2 }), moved(7, 3));
    assert.equal(live.follow.shown.page, 7);
  });

  it('keeps a viewer’s own pan when only the zoom changes, and starts another page from its top', () => {
    let live = run('viewer', { page: 2, seq: 1 }, { type: 'follow', event: { type: 'navigate', view: { panX: 0.2 } } });
    live = boardReducer(false)(live, moved(2, 2, 1.5));
    assert.deepEqual([live.follow.shown.zoom, live.follow.shown.panX], [1.5, 0.2]);
    live = boardReducer(false)(live, moved(3, 3, 1.5));
    assert.deepEqual([live.follow.shown.page, live.follow.shown.panX, live.follow.shown.panY], [3, 0, TOP_SHARE]);
  });

  it('puts a presenter where the class is on the first snapshot only; later ones carry only 同步', () => {
    let live = run('presenter', { page: 1 }, snapshot({ page: 5, sync: true, seq: 9 }));
    assert.deepEqual([live.own.page, live.sync, live.settled], [5, true, true]);
    live = boardReducer(true)(live, { type: 'own', view: { page: 6 } });
    live = boardReducer(true)(live, snapshot({ page: 2, sync: false, seq: 10 }));
    assert.deepEqual([live.own.page, live.sync], [6, false], 'the presenter’s own screen leads');
    live = boardReducer(true)(live, moved(1, 11));
    assert.equal(live.own.page, 6, 'a presenter is not moved by page messages');
  });

  it('keeps attendance and hand-ins by id as they come, and notes 开始 / 结束 as heard', () => {
    const person = { id: 4, name: '李同学', online: true } as AttendanceDto;
    const item = { id: 9, name: '练习.png' } as HandInDto;
    let live = run(
      'presenter',
      {},
      server({ type: 'attendance', entry: person, online: 1 }),
      server({ type: 'attendance', entry: { ...person, online: false }, online: 0 }),
      server({ type: 'handIn', item }),
      { type: 'handIns', list: [item, { ...item, id: 8 }] },
    );
    assert.deepEqual(
      live.attendance.map((entry) => [entry.id, entry.online]),
      [[4, false]],
    );
    assert.equal(live.online, 0);
    assert.deepEqual(live.handIns.map((entry) => entry.id).sort(), [8, 9]);
    live = boardReducer(true)(live, server({ type: 'status', status: 'ended', cancelled: false }, 12_345));
    assert.deepEqual([live.status, live.endedAt], ['ended', 12_345]);
  });

  it('closes for good on a refused link', () => {
    const live = run('viewer', {}, { type: 'refused', reason: '课堂链接已过期' });
    assert.deepEqual([live.refused, live.connection], ['课堂链接已过期', 'closed']);
  });
});
