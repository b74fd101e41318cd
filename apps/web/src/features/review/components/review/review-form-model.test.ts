import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BatchRules, batchRulesSchema } from '@zikao/contract/review';
import {
  CARRY_LABELS,
  carriedProgress,
  commentProblem,
  effectiveScore,
  type FormContext,
  formatDuration,
  initialValues,
  type ReviewFormValues,
  rubricOverMaximum,
  sameValues,
  scoreOverMaximum,
  submitProblems,
  toReviewInput,
} from './review-form-model.ts';

const rules = (extra: Partial<BatchRules> = {}): BatchRules => ({ ...batchRulesSchema.parse({}), ...extra });
const RUBRIC = [
  { key: 'topic', label: '选题意义', weight: 20, max: 20 },
  { key: 'content', label: '内容与论证', weight: 50, max: 50 },
  { key: 'format', label: '写作规范', weight: 30, max: 30 },
];
const longComment = '论文结构完整，论证较为充分，引用规范。'.repeat(4);
const values = (extra: Partial<ReviewFormValues> = {}): ReviewFormValues => ({
  verdict: 'pass',
  score: null,
  rubric: {},
  comment: longComment,
  plagiarismRate: null,
  ...extra,
});

describe('review form rules', () => {
  it('names the minimum comment length and the current count, counting characters not UTF-16 units', () => {
    assert.equal(commentProblem('  太短了，请补充  ', 50), '评阅意见不少于 50 字，当前 7 字');
    assert.equal(commentProblem('𠀀'.repeat(10), 10), null);
    assert.equal(commentProblem('', 0), null);
  });

  it('asks for a verdict and a long enough comment on a draft', () => {
    const context: FormContext = { stage: 'draft', rules: rules() };
    assert.deepEqual(submitProblems(values({ verdict: null, comment: '需修改' }), context), {
      verdict: '请选择评阅结论',
      comment: '评阅意见不少于 50 字，当前 3 字',
    });
    assert.deepEqual(submitProblems(values({ verdict: 'revise' }), context), {});
  });

  it('says a rubric item or a score past its maximum, rather than clamping it (issue 32 §3)', () => {
    const context: FormContext = { stage: 'final', rules: rules({ rubric: RUBRIC }) };
    const over = values({ rubric: { topic: 25, content: 40, format: 25 } });
    assert.equal(rubricOverMaximum(over, context), '评分项“选题意义”满分 20 分，填写的 25 分超过了满分');
    assert.deepEqual(submitProblems(over, context), {
      rubric: '评分项“选题意义”满分 20 分，填写的 25 分超过了满分',
    });
    assert.equal(rubricOverMaximum(values({ rubric: { topic: 20, content: 50, format: 30 } }), context), null);
    const plain: FormContext = { stage: 'final', rules: rules() };
    assert.equal(scoreOverMaximum(values({ score: 120 })), '成绩满分 100 分，填写的 120 分超过了满分');
    assert.deepEqual(submitProblems(values({ score: 120 }), plain), {
      score: '成绩满分 100 分，填写的 120 分超过了满分',
    });
  });

  it('refuses 退回修改 on scored stages and a verdict that contradicts the score', () => {
    const context: FormContext = { stage: 'final', rules: rules() };
    assert.equal(
      submitProblems(values({ verdict: 'revise', score: 70 }), context).verdict?.includes('不能退回修改'),
      true,
    );
    assert.equal(submitProblems(values({ score: 59 }), context).verdict, '成绩 59 分不及格，结论不能为通过');
    assert.equal(
      submitProblems(values({ verdict: 'fail', score: 60 }), context).verdict,
      '成绩 60 分已及格，结论不能为不通过',
    );
    assert.equal(submitProblems(values({ score: null }), context).score, '请填写成绩（0–100 分）');
    assert.deepEqual(submitProblems(values({ score: 86 }), context), {});
  });

  it('computes the score from the rubric and wants every item scored', () => {
    const context: FormContext = { stage: 'retest', rules: rules({ rubric: RUBRIC }) };
    const partial = values({ rubric: { topic: 18, content: 40 }, score: 99 });
    assert.equal(submitProblems(partial, context).rubric, '请为评分项“写作规范”打分');
    const full = values({ rubric: { topic: 18, content: 40, format: 27 } });
    assert.equal(effectiveScore(full, context), 85);
    assert.deepEqual(submitProblems(full, context), {});
    // The typed score is not sent when the rubric makes it; the rubric is.
    const input = toReviewInput(7, 2, { ...full, score: 12 }, context, 61_000.4);
    assert.deepEqual(input, {
      submissionId: 7,
      versionNo: 2,
      verdict: 'pass',
      score: null,
      rubric: { topic: 18, content: 40, format: 27 },
      comment: longComment,
      plagiarismRate: null,
      timeSpentMs: 61_000,
    });
  });

  it('sends no score or rubric for unscored stages', () => {
    const context: FormContext = { stage: 'topic', rules: rules({ rubric: RUBRIC }) };
    const input = toReviewInput(1, 1, values({ score: 80, rubric: { topic: 3 } }), context, 0);
    assert.equal(input.score, null);
    assert.deepEqual(input.rubric, {});
    assert.equal(effectiveScore(values({ score: 80 }), context), null);
  });

  it('starts from the saved review, else from the version plagiarism rate', () => {
    assert.deepEqual(initialValues(null, 12.5), {
      verdict: null,
      score: null,
      rubric: {},
      comment: '',
      plagiarismRate: 12.5,
    });
    const saved = initialValues(
      {
        versionNo: 1,
        reviewerId: 3,
        reviewerName: '陈评阅',
        verdict: 'fail',
        score: 52,
        grade: '不及格',
        rubric: { a: 1 },
        comment: '草稿',
        plagiarismRate: 40,
        timeSpentMs: 0,
        state: 'draft',
        submittedAt: null,
        updatedAt: 0,
      },
      12.5,
    );
    assert.equal(saved.plagiarismRate, 40);
    assert.equal(sameValues(saved, { ...saved, rubric: { a: 1 } }), true);
    assert.equal(sameValues(saved, { ...saved, comment: '草稿。' }), false);
  });

  it('formats time spent and carried progress', () => {
    assert.equal(formatDuration(30_000), '不足 1 分钟');
    assert.equal(formatDuration(12 * 60_000 + 5_000), '12 分钟');
    assert.equal(formatDuration(65 * 60_000), '1 小时 5 分钟');
    assert.equal(formatDuration(120 * 60_000), '2 小时');
    assert.deepEqual(carriedProgress([{ addressed: true }, { addressed: false }, { addressed: null }]), {
      checked: 2,
      addressed: 1,
      total: 3,
    });
    assert.deepEqual(
      Object.values(CARRY_LABELS).map((item) => item.label),
      ['仍在原处', '已移动', '原文已删除', '需核对'],
    );
  });
});
