import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withZoneNote } from '../../../../shared/utils/beijing-time.ts';
import { beijingTime, scoreText, studentStatus, windowText } from './student-format.ts';

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
});
