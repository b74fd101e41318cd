import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withZoneNote } from '../../../../shared/utils/beijing-time.ts';
import {
  beijingTime,
  conflictNotice,
  reviewHeadings,
  scoreText,
  studentStatus,
  versionReviewText,
  windowText,
} from './student-format.ts';

describe('how the candidate pages word statuses, windows and results', () => {
  it('reads a checked verdict as its outcome and the review statuses in the candidate’s words', () => {
    assert.deepEqual(studentStatus('checked', 'fail'), { text: '未通过', tone: 'red' });
    assert.deepEqual(studentStatus('checked', 'pass'), { text: '已通过', tone: 'green' });
    assert.equal(studentStatus('unassigned').text, '已提交，待分配');
    assert.equal(studentStatus('returned').tone, 'orange');
  });

  it('gives times in Beijing time whatever the browser’s zone', () => {
    assert.equal(beijingTime(Date.UTC(2026, 11, 31, 16, 5)), '2027-01-01 00:05');
    assert.equal(beijingTime(null), '—');
  });

  it('says open sides of a window in words', () => {
    const start = Date.UTC(2026, 8, 1, 0, 0);
    const end = Date.UTC(2026, 9, 1, 15, 59);
    assert.equal(windowText({ start: null, end: null }), '不限时间');
    assert.equal(windowText({ start, end: null }), withZoneNote('2026-09-01 08:00 起', start));
    assert.equal(windowText({ start: null, end }), withZoneNote('截止 2026-10-01 23:59', end));
    assert.equal(windowText({ start, end }), withZoneNote('2026-09-01 08:00 至 2026-10-01 23:59', start));
  });

  it('shows a score with its grade, or a dash without one', () => {
    const result = {
      versionNo: 1,
      verdict: 'pass',
      comment: '',
      plagiarismRate: null,
      reviewedAt: 1,
      reviewedBy: '评阅教师',
    } as const;
    assert.equal(scoreText({ ...result, score: 86, grade: '良好' }), '86 分（良好）');
    assert.equal(scoreText({ ...result, score: null, grade: null }), '—');
  });

  it('words the version table’s pending version as the stage card does, from one mapping (issue 32 §3)', () => {
    const submission = { status: 'assigned', currentVersion: 2 } as const;
    const returned = { versionNo: 1, review: { verdict: 'revise' } } as const;
    const pending = { versionNo: 2, review: null };
    assert.deepEqual(versionReviewText(returned, submission), { kind: 'verdict', verdict: 'revise' });
    assert.deepEqual(versionReviewText(pending, submission), {
      kind: 'status',
      ...studentStatus(submission.status),
    });
    const said = versionReviewText(pending, submission);
    assert.equal(said.kind === 'status' ? said.text : '', '待评阅', 'the card says 待评阅, so does the table');
    assert.equal(
      (() => {
        const inReview = versionReviewText(pending, { status: 'reviewing', currentVersion: 2 });
        return inReview.kind === 'status' ? inReview.text : '';
      })(),
      '评阅中',
    );
    assert.deepEqual(versionReviewText({ versionNo: 1, review: null }, submission), { kind: 'none' });
  });

  it('labels an older version’s verdict as that version’s, and the status as the newest version’s (issue 32 §3)', () => {
    assert.deepEqual(reviewHeadings(2, [1, 2]), { verdict: '评阅结论', status: '当前状态', current: true });
    assert.deepEqual(reviewHeadings(1, [1, 2]), {
      verdict: '第 1 版评阅结论',
      status: '最新版本（第 2 版）状态',
      current: false,
    });
  });

  it('says a refused submit came from another window when a newer version is there (issue 32 §1.7)', () => {
    const moved = conflictNotice(
      { label: '论文初稿', submission: { currentVersion: 3 } },
      '论文未退回修改，不能重新提交',
      2,
    );
    assert.match(moved.title, /已在其他窗口或设备上提交/);
    assert.match(moved.title, /第 3 版/);
    assert.match(moved.description, /没有提交/);
    const closed = conflictNotice({ label: '论文初稿', submission: { currentVersion: 2 } }, '不在提交时间内', 2);
    assert.equal(closed.title, '不在提交时间内');
  });
});
