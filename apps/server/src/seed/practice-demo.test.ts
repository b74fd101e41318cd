import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ListResult } from '@zikao/contract/envelope';
import type {
  PracticeAttemptRow,
  PracticeCardDto,
  PracticeResultDto,
  PracticeStatsDto,
  PracticeThesisDto,
} from '@zikao/contract/practice';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('practice demo data', () => {
  let app: TestApp;
  let teacher: string;
  let reviewer: string;
  let admin: string;
  before(async () => {
    app = await createTestApp({ SEED_REVIEW_DEMO: '1' });
    teacher = await app.login('13800000002');
    reviewer = await app.login('13800000003');
    admin = await app.login('13800000004');
  });
  after(() => app.close());

  const data = async <T>(path: string, body: Record<string, unknown>, token: string) => {
    const response = await app.post<T>(`/api/v1${path}`, body, { token });
    assert.equal(response.body.errorCode, 0, response.body.errorMsg);
    return response.body.data;
  };

  it('offers four published practice theses with the demo teacher’s best scores and an attempt in progress', async () => {
    const list = await data<ListResult<PracticeThesisDto>>('/practice/list', {}, teacher);
    assert.equal(list.total, 4);
    assert.deepEqual(new Set(list.list.map((row) => row.difficulty)), new Set(['basic', 'intermediate', 'hard']));
    assert.equal(list.list.filter((row) => row.myBest !== null).length, 3);
    assert.equal(list.list.filter((row) => row.openAttemptId !== null).length, 1);
  });

  it('gives the demo teacher and reviewer scored attempts spread over weeks', async () => {
    for (const token of [teacher, reviewer]) {
      const card = await data<PracticeCardDto>('/practice/card', {}, token);
      assert.equal(card.attempts, 4);
      assert.equal(card.trend.length, 4);
      assert.ok((card.bestScore ?? 0) > (card.trend[0]?.score ?? 0) || token === reviewer);
      const history = await data<ListResult<PracticeAttemptRow>>('/practice/history', { sort: 'submittedAt' }, token);
      const days = history.list.map((row) => Math.round((Date.now() - row.submittedAt) / 86_400_000));
      assert.ok(Math.max(...days) >= 14, `spread: ${days.join(',')}`);
      assert.ok(history.list.every((row) => row.score > 0 && row.timeSpentMs > 0));
    }
    // A teacher who found every point of the first thesis in its category scores it exactly.
    const reviewerHistory = await data<ListResult<PracticeAttemptRow>>(
      '/practice/history',
      { sort: 'score' },
      reviewer,
    );
    const perfect = reviewerHistory.list.find((row) => row.thesisTitle === '网络流行语对中学生语言表达的影响');
    assert.equal(perfect?.score, 100);
    const result = await data<PracticeResultDto>('/practice/result', { attemptId: perfect?.id }, reviewer);
    assert.ok(result.references.every((point) => point.outcome === 'found'));
  });

  it('shows the admins which points markers miss most', async () => {
    const list = await data<ListResult<PracticeThesisDto>>('/practice/list', {}, admin);
    const basic = list.list.find((row) => row.title === '网络流行语对中学生语言表达的影响');
    const stats = await data<PracticeStatsDto>('/console/practice/stats', { id: basic?.id }, admin);
    assert.equal(stats.submittedCount, 2 + 1 + 4);
    assert.equal(stats.markerCount, 6);
    // Trainees all miss the citation point; the demo teacher missed it twice, the reviewer found it.
    assert.equal(stats.points[0]?.annotation.category, 'citation');
    assert.ok((stats.points[0]?.foundShare ?? 1) < 0.5);
    assert.ok((stats.scoreStdDev ?? 0) > 0);
  });

  it('marks references with the kinds of issue 24, and scores them by place: text overlap or drawn region', async () => {
    const history = await data<ListResult<PracticeAttemptRow>>('/practice/history', { sort: 'score' }, reviewer);
    const official = history.list.find((row) => row.thesisTitle === '新媒体环境下的公文写作规范');
    const result = await data<PracticeResultDto>('/practice/result', { attemptId: official?.id }, reviewer);
    const byKind = new Map(result.references.map((point) => [point.annotation.kind, point]));
    assert.deepEqual(
      result.references.map((point) => point.annotation.kind),
      ['highlight', 'replace', 'replace', 'underline', 'ellipse'],
    );
    assert.equal(byKind.get('replace')?.annotation.suggestion, '会议的通知');
    // The reviewer highlighted the words the expert replaced: the kind does not count, the place does.
    assert.equal(byKind.get('replace')?.outcome, 'found');
    // And circled what the expert circled, in another category: half credit, by the drawn region.
    const ellipse = byKind.get('ellipse');
    assert.equal(ellipse?.outcome, 'partial');
    assert.ok((ellipse?.cover ?? 0) > 0.9, `the looser circle covers the expert's: ${ellipse?.cover}`);
    const mine = result.annotations.find((a) => a.annotation.id === ellipse?.matchedAnnotationId);
    assert.equal(mine?.annotation.kind, 'ellipse', 'matched to the reviewer’s own circle');
  });
});
