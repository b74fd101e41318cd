import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import { PRACTICE_SCORING, type PracticeResultDto } from '@zikao/contract/practice';
import { RESULT_COLORS } from './result-colors.ts';
import { formulaLines, resultView } from './result-model.ts';

function annotation(id: string, extra: Partial<AnnotationDto> = {}): AnnotationDto {
  return {
    id,
    documentId: 1,
    kind: 'highlight',
    category: 'content',
    severity: 'major',
    comment: '',
    stamp: null,
    pageIndex: 0,
    selectors: [{ type: 'TextQuoteSelector', exact: `原文${id}` }],
    revision: 1,
    authorId: 1,
    authorName: '专家',
    createdAt: 1,
    updatedAt: 1,
    replies: [],
    ...extra,
  };
}

/** Three reference points: A found with its category, B found with another, C missed; one extra annotation x. */
function result(): PracticeResultDto {
  const row = {
    id: 9,
    thesisId: 2,
    thesisTitle: '练习论文',
    revision: 1,
    difficulty: 'basic' as const,
    userId: 5,
    userName: '张老师',
    startedAt: 1,
    submittedAt: 2,
    timeSpentMs: 60_000,
    score: 50,
    precision: 0.5,
    recall: 0.5,
    f1: 0.5,
    referenceCount: 3,
    annotationCount: 3,
    documentId: 7,
  };
  return {
    attempt: row,
    credit: 1.5,
    references: [
      {
        annotation: annotation('A', { comment: '论证不足' }),
        outcome: 'found',
        credit: 1,
        matchedAnnotationId: 'a',
        cover: 0.9,
      },
      {
        annotation: annotation('B', { category: 'structure', comment: '结构松散' }),
        outcome: 'partial',
        credit: 0.5,
        matchedAnnotationId: 'b',
        cover: 0.6,
      },
      {
        annotation: annotation('C', { comment: '引文缺出处' }),
        outcome: 'missed',
        credit: 0,
        matchedAnnotationId: null,
        cover: 0,
      },
    ],
    annotations: [
      {
        annotation: annotation('a', { authorName: '张老师', comment: '这里论证太弱' }),
        outcome: 'matched',
        matchedReferenceId: 'A',
      },
      {
        annotation: annotation('b', { authorName: '张老师', category: 'language' }),
        outcome: 'partial',
        matchedReferenceId: 'B',
      },
      {
        annotation: annotation('x', { authorName: '张老师', comment: '多余的批注' }),
        outcome: 'unmatched',
        matchedReferenceId: null,
      },
    ],
    categories: [],
    rules: PRACTICE_SCORING,
  };
}

describe('practice result view', () => {
  it('shows every reference point and only the unmatched annotations of the marker', () => {
    const view = resultView(result());
    assert.deepEqual(
      view.annotations.map((a) => a.id),
      ['A', 'B', 'C', 'x'],
    );
    assert.deepEqual(view.counts, { found: 2, partial: 1, missed: 1, unmatched: 1 });
  });

  it('colours found points green, missed red and unmatched annotations grey', () => {
    const { decorations } = resultView(result());
    assert.equal(decorations.get('A')?.color, RESULT_COLORS.found);
    assert.equal(decorations.get('B')?.color, RESULT_COLORS.found);
    assert.equal(decorations.get('C')?.color, RESULT_COLORS.missed);
    assert.equal(decorations.get('x')?.color, RESULT_COLORS.unmatched);
    assert.equal(decorations.get('a'), undefined, 'a matched annotation is not drawn again');
    assert.equal(decorations.get('B')?.label, '已找到 · 类别不同');
    assert.equal(decorations.get('C')?.className, 'pr-mark-missed');
  });

  it('notes under a found point the marker’s annotation and, for another category, both categories and the credit', () => {
    const { decorations } = resultView(result());
    assert.equal(decorations.get('A')?.note, '你的批注（计 1 分）：这里论证太弱');
    // b has no comment: its quote stands in.
    assert.equal(decorations.get('B')?.note, '你的批注归为「语言」，参考为「结构」，计 0.5 分：原文b');
    assert.equal(decorations.get('C')?.note, undefined);
  });

  it('counts a point as missed when its matched annotation is not in the result', () => {
    const broken = result();
    broken.annotations = broken.annotations.filter((item) => item.annotation.id !== 'a');
    const view = resultView(broken);
    assert.equal(view.decorations.get('A')?.color, RESULT_COLORS.missed);
  });
});

describe('the formula with the numbers put in', () => {
  it('works the example through: 1 + 0.5 credit over 3 annotations and 3 points', () => {
    const lines = formulaLines(
      { credit: 1.5, annotationCount: 3, referenceCount: 3, precision: 0.5, recall: 0.5, f1: 0.5, score: 50 },
      PRACTICE_SCORING,
    );
    assert.match(lines[0] ?? '', /不少于 30%（覆盖率）.*不少于 10%（聚焦率）/);
    assert.equal(lines[1], '计分：类别相同得 1 分，类别不同得 0.5 分；本次合计 1.5 分。');
    assert.equal(lines[2], '精确率 P = 得分合计 ÷ 你的批注数 = 1.5 ÷ 3 = 50%');
    assert.equal(lines[3], '召回率 R = 得分合计 ÷ 参考要点数 = 1.5 ÷ 3 = 50%');
    assert.equal(lines[5], '得分 = 100 × F1，四舍五入 = 50');
  });

  it('says P is 0 for an empty attempt instead of dividing by nothing', () => {
    const lines = formulaLines(
      { credit: 0, annotationCount: 0, referenceCount: 4, precision: 0, recall: 0, f1: 0, score: 0 },
      PRACTICE_SCORING,
    );
    assert.equal(lines[2], '精确率 P = 得分合计 ÷ 你的批注数；没有批注时 P 记 0');
    assert.equal(lines[3], '召回率 R = 得分合计 ÷ 参考要点数 = 0 ÷ 4 = 0%');
  });
});
