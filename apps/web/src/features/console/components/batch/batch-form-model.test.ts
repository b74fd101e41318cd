import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { batchRulesSchema } from '@zikao/contract/review';
import {
  type BatchFormValues,
  duplicateRubricLabel,
  formProblems,
  initialFormValues,
  nextRubricKey,
  rubricWeightTotal,
  toSaveInput,
  windowProblem,
} from './batch-form-model.ts';

const DAY = 24 * 3600 * 1000;
const T0 = Date.UTC(2026, 8, 1);
const week = (n: number): [number, number] => [T0 + n * 7 * DAY, T0 + (n + 1) * 7 * DAY];

const valid = (extra: Partial<BatchFormValues> = {}): BatchFormValues => ({
  ...initialFormValues(),
  name: '2027年上半年',
  windows: { topic: week(0), plan: week(1), draft: week(2), final: week(3), retest: week(4) },
  ...extra,
});

describe('batch form model', () => {
  it('starts a new batch with the defaults: 4 uploads per stage, 30%, 50 characters, no windows', () => {
    const values = initialFormValues();
    assert.deepEqual(values.uploadLimits, { topic: 4, plan: 4, draft: 4, final: 4, retest: 4 });
    assert.equal(values.plagiarismThreshold, 30);
    assert.equal(values.minCommentLength, 50);
    assert.equal(values.blindReview, false);
    assert.equal(values.adminCheck, false);
    assert.deepEqual(values.windows, { topic: null, plan: null, draft: null, final: null, retest: null });
    assert.deepEqual(formProblems({ ...values, name: '新批次' }), []);
  });

  it('round-trips a batch’s rules through the form', () => {
    const rules = batchRulesSchema.parse({
      windows: { topic: { start: week(0)[0], end: week(0)[1] }, final: { start: week(3)[0], end: week(3)[1] } },
      uploadLimit: 3,
      uploadLimits: { final: 2 },
      plagiarismThreshold: 20,
      minCommentLength: 100,
      blindReview: true,
      rubric: [{ key: 'a', label: '结构', weight: 30, max: 30 }],
      adminCheck: true,
    });
    const values = initialFormValues({ name: '旧批次', rules });
    assert.deepEqual(values.uploadLimits, { topic: 3, plan: 3, draft: 3, final: 2, retest: 3 });
    assert.equal(values.windows.plan, null);
    const input = toSaveInput(values, 7);
    assert.equal(input.id, 7);
    assert.deepEqual(input.rules?.windows, { topic: rules.windows.topic, final: rules.windows.final });
    assert.deepEqual(input.rules?.uploadLimits, { topic: 3, plan: 3, draft: 3, final: 2, retest: 3 });
    assert.equal(input.rules?.blindReview, true);
    assert.deepEqual(input.rules?.rubric, rules.rubric);
  });

  it('names a stage that starts before the stage before it, and a window that ends before it starts', () => {
    const swapped = valid({ windows: { ...valid().windows, plan: [week(0)[0] - DAY, week(1)[1]] } });
    assert.deepEqual(formProblems(swapped), [
      { name: ['windows', 'plan'], message: '论文计划的开始时间不能早于选题的开始时间' },
    ]);
    assert.equal(windowProblem(swapped.windows, 'plan'), '论文计划的开始时间不能早于选题的开始时间');
    assert.equal(windowProblem(swapped.windows, 'topic'), null);

    // A stage left open is skipped: final is compared with draft's start.
    const gap = { ...valid().windows, draft: null, final: [week(1)[0] - DAY, week(3)[1]] as [number, number] };
    assert.equal(windowProblem(gap, 'final'), '定稿的开始时间不能早于论文计划的开始时间');

    const backwards = valid({ windows: { ...valid().windows, retest: [week(4)[1], week(4)[1]] } });
    assert.deepEqual(
      formProblems(backwards).map((p) => p.message),
      ['复试的开始时间须早于结束时间'],
    );
    assert.deepEqual(formProblems(valid()), []);
  });

  it('asks for upload limits of at least 1, a threshold within 0–100 and a whole comment length', () => {
    const problems = formProblems(
      valid({
        name: '  ',
        uploadLimits: { ...valid().uploadLimits, draft: 0, final: null },
        plagiarismThreshold: 120,
        minCommentLength: 10.5,
      }),
    );
    assert.deepEqual(problems, [
      { name: ['name'], message: '批次名称不能为空' },
      { name: ['uploadLimits', 'draft'], message: '上传次数不能小于 1' },
      { name: ['uploadLimits', 'final'], message: '上传次数须为数字' },
      { name: ['plagiarismThreshold'], message: '查重阈值不能大于 100' },
      { name: ['minCommentLength'], message: '评语最少字数须为整数' },
    ]);
  });

  it('checks rubric items: a name, a positive weight and maximum, no repeated name', () => {
    const rubric = [
      { key: 'item1', label: '结构', weight: 40, max: 100 },
      { key: 'item2', label: '', weight: 0, max: null },
      { key: 'item3', label: '结构 ', weight: 60, max: 100 },
    ];
    assert.deepEqual(formProblems(valid({ rubric })), [
      { name: ['rubric', 1, 'label'], message: '评分项名称不能为空' },
      { name: ['rubric', 1, 'weight'], message: '权重须大于 0' },
      { name: ['rubric', 1, 'max'], message: '满分须为数字' },
      { name: ['rubric', 2, 'label'], message: '评分项“结构”重复' },
    ]);
    assert.equal(duplicateRubricLabel(rubric, 2), true);
    assert.equal(duplicateRubricLabel(rubric, 0), false);
    assert.equal(rubricWeightTotal(rubric), 100);
    assert.equal(rubricWeightTotal([{ weight: null }, { weight: 25 }]), 25);
  });

  it('gives new rubric items keys no item uses', () => {
    assert.equal(nextRubricKey([]), 'item1');
    assert.equal(nextRubricKey([{ key: 'item2' }]), 'item3');
    assert.equal(nextRubricKey([{ key: 'item2' }, { key: 'item3' }]), 'item4');
    assert.equal(nextRubricKey([{ key: 'structure' }, { key: 'item2' }]), 'item3');
  });
});
