import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareStatus, compareText, SUBMISSION_STATUS_ORDER } from './ordering.ts';
import { SUBMISSION_STATUSES } from './review.ts';

describe('list ordering', () => {
  it('orders Chinese text by pinyin, not by code point', () => {
    const titles = ['张家界旅游', '乡村振兴', '阿里巴巴', '北京交通', '论文10', '论文9'];
    assert.deepEqual([...titles].sort(compareText), [
      '阿里巴巴',
      '北京交通',
      '论文9',
      '论文10',
      '乡村振兴',
      '张家界旅游',
    ]);
    // By code point 张 (U+5F20) would come before 阿 (U+963F).
    assert.ok(compareText('阿', '张') < 0);
    assert.equal(compareText('李四', '李四'), 0);
  });

  it('orders statuses by the workflow, every status once', () => {
    assert.deepEqual([...SUBMISSION_STATUS_ORDER].sort(), [...SUBMISSION_STATUSES].sort());
    const statuses = ['passed', 'assigned', 'returned', 'unassigned', 'reviewing'] as const;
    assert.deepEqual([...statuses].sort(compareStatus), ['unassigned', 'assigned', 'reviewing', 'returned', 'passed']);
  });
});
