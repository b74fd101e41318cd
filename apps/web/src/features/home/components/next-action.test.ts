import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CourseDto } from '@zikao/contract/course';
import type { HomeCheckItem } from '@zikao/contract/home';
import type { PracticeThesisDto } from '@zikao/contract/practice';
import { adminNext, teacherNext } from './next-action.ts';

const course = (id: number, status: CourseDto['status'], overrides: Partial<CourseDto> = {}): CourseDto => ({
  id,
  title: `课程${id}`,
  description: '',
  lecturerId: 2,
  lecturerName: '王老师',
  startAt: 1_000 * id,
  endAt: 1_000 * id + 3_600_000,
  status,
  startedAt: null,
  endedAt: null,
  cancelled: false,
  cancelledAt: null,
  cancelReason: '',
  streamUrl: '',
  playbackUrl: '',
  batches: [],
  majors: [],
  coursewareCount: 0,
  pageCount: 0,
  attendanceCount: 0,
  handInCount: 0,
  canManage: true,
  createdAt: 0,
  updatedAt: 0,
  ...overrides,
});

const thesis = (id: number, overrides: Partial<PracticeThesisDto> = {}): PracticeThesisDto => ({
  id,
  title: `练习${id}`,
  majorName: '汉语言文学',
  difficulty: 'intermediate',
  tags: [],
  description: '',
  revision: 1,
  pageCount: 3,
  publishedAt: 0,
  myAttempts: 1,
  myBest: 80,
  openAttemptId: null,
  ...overrides,
});

describe('the teacher’s next action', () => {
  it('opens the board of a live course of theirs first', () => {
    const next = teacherNext([course(2, 'upcoming'), course(1, 'live')], [thesis(5, { openAttemptId: 9 })]);
    assert.equal(next.kind, 'board');
    assert.equal(next.kind === 'board' && next.course.id, 1);
  });

  it('ignores courses they cannot run, then prepares the earliest of today’s next ones', () => {
    const next = teacherNext(
      [course(1, 'live', { canManage: false }), course(4, 'upcoming'), course(3, 'upcoming')],
      [],
    );
    assert.equal(next.kind === 'prepare' && next.course.id, 3);
  });

  it('resumes an open practice attempt, else starts an untried thesis, else offers the list', () => {
    assert.equal(teacherNext([course(1, 'ended')], [thesis(5), thesis(6, { openAttemptId: 11 })]).kind, 'resume');
    const start = teacherNext([], [thesis(5), thesis(7, { myAttempts: 0, myBest: null })]);
    assert.equal(start.kind === 'start' && start.thesis.id, 7);
    assert.equal(teacherNext([], [thesis(5)]).kind, 'practice');
  });
});

describe('the admin’s next action', () => {
  const check: HomeCheckItem = {
    submissionId: 8,
    stage: 'final',
    title: '论文',
    batchName: '批次',
    reviewerName: '陈评阅',
    verdict: 'pass',
    score: 88,
    reviewedAt: 0,
  };
  const totals = { submissions: 10, unassigned: 0, inReview: 3, overdue: 0, awaitingCheck: 0, released: 0 };

  it('assigns first, then checks, then chases overdue reviews', () => {
    assert.deepEqual(adminNext({ totals: { ...totals, unassigned: 4, overdue: 2 }, awaitingCheck: [check] }), {
      kind: 'assign',
      count: 4,
      released: 0,
    });
    // Submissions a revoked review link gave back are named, for a 改派 (issue 32 §1.5).
    assert.deepEqual(adminNext({ totals: { ...totals, unassigned: 4, released: 1 }, awaitingCheck: [] }), {
      kind: 'assign',
      count: 4,
      released: 1,
    });
    assert.deepEqual(adminNext({ totals: { ...totals, awaitingCheck: 1, overdue: 2 }, awaitingCheck: [check] }), {
      kind: 'check',
      item: check,
      count: 1,
    });
    assert.deepEqual(adminNext({ totals: { ...totals, overdue: 2 }, awaitingCheck: [] }), {
      kind: 'overdue',
      count: 2,
    });
    assert.deepEqual(adminNext({ totals, awaitingCheck: [] }), { kind: 'statistics' });
  });
});
