import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  type AnnotationDto,
  type AnnotationInput,
  type AnnotationShape,
  type DocumentText,
  Role,
  type SubmissionDetail,
} from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { displaceFragment, displaceShape, textPoint } from './carry-over-shape.ts';

const AREA = 'http://tools.ietf.org/rfc/rfc3778' as const;
const COMMENT = '论文结构清晰，论证较为充分，'.repeat(4);
// 24-point Helvetica at x = 72, baseline y = 720 on a 595 × 842 page (the fixture's layout).
const V1 = ['Arrow points at the figure', 'Second page text here', 'Third page stays here'];
// The figure's line moves to page 2, pushed right by "Moved: "; page 2's old text is gone.
const V2 = ['A new opening page only', 'Moved: Arrow points at the figure', 'Third page stays here'];

describe('carrying the markup kinds of issue 24 onto the next version', () => {
  let app: TestApp;
  let reviewer: string;
  let student: string;
  let submissionId: number;
  let v1Document: number;
  const ids: Record<string, string> = {};
  const shapes: Record<string, AnnotationShape> = {};

  before(async () => {
    app = await createTestApp();
    reviewer = await app.login('13800000003');
    const reviewerId = (
      await app.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', '13800000003')
        .executeTakeFirstOrThrow()
    ).id;
    const candidate = await buildUser(app, { role: Role.student, examNumber: '030188880024' });
    student = await app.login(candidate.account, undefined, 'student');
    v1Document = await buildDocument(app, student, multiPagePdf(V1));
    submissionId = (
      await buildSubmission(app, {
        batchId: await buildBatch(app),
        stage: 'draft',
        status: 'assigned',
        reviewerId,
        studentId: candidate.id,
        documentId: v1Document,
      })
    ).id;
  });
  after(() => app.close());

  it('carries text marks with their suggestion, and drawn marks by their text or their place', async () => {
    const text = await app.post<DocumentText>('/api/v1/document/text', { documentId: v1Document }, { token: reviewer });
    const pages = text.body.data.pages.map((page) => page.text);
    const all = pages.join('');
    const quote = (exact: string) => {
      const start = all.indexOf(exact);
      assert.ok(start >= 0, exact);
      let page = 0;
      for (let offset = 0; offset + (pages[page] as string).length <= start; page++)
        offset += (pages[page] as string).length;
      return {
        page,
        selectors: [
          {
            type: 'TextQuoteSelector' as const,
            exact,
            prefix: all.slice(Math.max(0, start - 16), start),
            suffix: all.slice(start + exact.length, start + exact.length + 16),
          },
          { type: 'TextPositionSelector' as const, start, end: start + exact.length },
        ],
      };
    };
    const base = { category: 'content' as const, severity: 'major' as const, stamp: null, comment: '' };
    const figure = quote('figure');
    shapes.arrow = {
      color: '#cf1322',
      width: 2,
      strokes: [
        [
          [0.5, 0.2, 0.4],
          [0.44, 0.13, 0.6],
        ],
      ],
    };
    shapes.pen = {
      color: '#1677ff',
      width: 3,
      strokes: [
        [
          [0.85, 0.5],
          [0.9, 0.55],
          [0.88, 0.6],
        ],
      ],
    };
    shapes.ellipse = {
      color: '#389e0d',
      width: 1.5,
      strokes: [
        [
          [0.1, 0.12],
          [0.6, 0.16],
        ],
      ],
    };
    const second = quote('Second page text');
    const stays = quote('stays');
    const inputs: Record<string, AnnotationInput> = {
      arrow: {
        ...base,
        id: randomUUID(),
        kind: 'arrow',
        comment: '图注不完整',
        pageIndex: figure.page,
        shape: shapes.arrow,
        selectors: [
          ...figure.selectors,
          { type: 'FragmentSelector', conformsTo: AREA, value: 'page=1&viewrect=261.8,109.46,35.7,58.94' },
        ],
      },
      pen: {
        ...base,
        id: randomUUID(),
        kind: 'pen',
        pageIndex: 2,
        shape: shapes.pen,
        selectors: [{ type: 'FragmentSelector', conformsTo: AREA, value: 'page=3&viewrect=505.75,421,29.75,84.2' }],
      },
      ellipse: {
        ...base,
        id: randomUUID(),
        kind: 'ellipse',
        pageIndex: second.page,
        shape: shapes.ellipse,
        selectors: [
          ...second.selectors,
          { type: 'FragmentSelector', conformsTo: AREA, value: 'page=2&viewrect=59.5,101.04,297.5,33.68' },
        ],
      },
      replace: {
        ...base,
        id: randomUUID(),
        kind: 'replace',
        pageIndex: stays.page,
        suggestion: 'remains',
        selectors: stays.selectors,
      },
      underline: {
        ...base,
        id: randomUUID(),
        kind: 'underline',
        pageIndex: stays.page,
        selectors: quote('Third page stays').selectors,
      },
    };
    for (const [name, annotation] of Object.entries(inputs)) {
      const saved = await app.post(
        '/api/v1/annotation/save',
        { documentId: v1Document, annotation, baseRevision: 0 },
        { token: reviewer },
      );
      assert.equal(saved.body.errorCode, 0, `${name}: ${saved.body.errorMsg}`);
      ids[name] = annotation.id;
    }

    const returned = await app.post(
      '/api/v1/review/submit',
      { submissionId, versionNo: 1, verdict: 'revise', comment: COMMENT },
      { token: reviewer },
    );
    assert.equal(returned.body.errorCode, 0, returned.body.errorMsg);
    const v2Document = await buildDocument(app, student, multiPagePdf(V2));
    const resubmitted = await app.post(
      '/api/v1/submission/resubmit',
      { submissionId, documentId: v2Document },
      { token: student },
    );
    assert.equal(resubmitted.body.errorCode, 0, resubmitted.body.errorMsg);
    const detail = (
      await app.post<SubmissionDetail>('/api/v1/submission/detail', { submissionId }, { token: reviewer })
    ).body.data;
    const carried = detail.carried;
    assert.ok(carried);
    const byKind = new Map(carried.items.map((item) => [item.kind, item]));
    assert.equal(carried.items.length, 5);
    assert.equal(carried.counts.unverified, 1, JSON.stringify(carried.counts));
    assert.equal(carried.counts.orphaned, 1, JSON.stringify(carried.items));

    // Text marks carry as highlights do, the suggestion with them.
    assert.ok(['found', 'moved'].includes(byKind.get('replace')?.status ?? ''));
    assert.equal(byKind.get('replace')?.quote, 'stays');
    assert.equal(byKind.get('replace')?.suggestion, 'remains');
    assert.ok(['found', 'moved'].includes(byKind.get('underline')?.status ?? ''));
    // A pen stroke in the margin, no text under it: kept where it was, 需核对.
    assert.equal(byKind.get('pen')?.status, 'unverified');
    assert.equal(byKind.get('pen')?.quote, '');
    assert.equal(byKind.get('pen')?.pageIndex, 2);
    // An ellipse around text that is gone: orphaned, at its old place.
    assert.equal(byKind.get('ellipse')?.status, 'orphaned');
    // The arrow at "figure" followed its text onto page 2.
    const arrow = byKind.get('arrow');
    assert.ok(arrow && arrow.status !== 'orphaned' && arrow.status !== 'unverified', arrow?.status);
    assert.equal(arrow.quote, 'figure');
    assert.equal(arrow.pageIndex, 1);

    const copies = (
      await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId: v2Document }, { token: reviewer })
    ).body.data;
    const copyOf = (kind: string) => {
      const copy = copies.find((a) => a.id === byKind.get(kind as AnnotationDto['kind'])?.id);
      assert.ok(copy, kind);
      return copy;
    };
    assert.equal(copyOf('replace').suggestion, 'remains');
    assert.deepEqual(copyOf('pen').shape, shapes.pen, 'unmoved');
    assert.deepEqual(copyOf('pen').selectors, inputs.pen?.selectors);
    assert.deepEqual(copyOf('ellipse').shape, shapes.ellipse, 'an orphan keeps its strokes');
    // The arrow moved as far as "figure" did: to the right by the width of "Moved: ", same baseline.
    const moved = copyOf('arrow');
    const fragment = moved.selectors.find((s) => s.type === 'FragmentSelector');
    assert.ok(fragment && fragment.type === 'FragmentSelector');
    const [x, y, w, h] = (fragment.value.split('viewrect=')[1] ?? '').split(',').map(Number);
    assert.match(fragment.value, /^page=2&/);
    const dxPoints = (x as number) - 261.8;
    assert.ok(dxPoints > 40 && dxPoints < 120, `moved right by "Moved: ": ${dxPoints} pt`);
    assert.ok(Math.abs((y as number) - 109.46) < 0.02, 'same line height on the page');
    assert.deepEqual([w, h], [35.7, 58.94], 'same size');
    const [[head, tail]] = (moved.shape as AnnotationShape).strokes as [[number[], number[]]];
    assert.ok(Math.abs((head?.[0] as number) - 0.5 - dxPoints / 595) < 0.001, JSON.stringify(moved.shape));
    assert.ok(Math.abs((tail?.[0] as number) - 0.44 - dxPoints / 595) < 0.001);
    assert.equal(head?.[1], 0.2);
    assert.equal(head?.[2], 0.4, 'pressure kept');
    assert.ok(moved.selectors.some((s) => s.type === 'TextQuoteSelector' && s.exact === 'figure'));
  });
});

describe('moving a drawn mark with its text', () => {
  const page = {
    width: 600,
    height: 800,
    boxes: [[0, 10, 100, 700, 200, 20]] as Array<[number, number, number, number, number, number]>,
  };

  it('finds where an offset starts on the page, top-left fractions', () => {
    assert.deepEqual(textPoint([page], { page: 0, start: 5, end: 6 }), { page: 0, x: 200 / 600, y: 1 - 700 / 800 });
    assert.equal(textPoint([page], { page: 0, start: 10, end: 11 }), null, 'past the box');
    assert.equal(textPoint([page], { page: 1, start: 0, end: 1 }), null, 'no such page');
  });

  it('moves strokes and keeps them on the page, and converts the viewrect through page fractions', () => {
    const shape: AnnotationShape = {
      color: '#cf1322',
      width: 2,
      strokes: [
        [
          [0.9, 0.1, 0.5],
          [0.5, 0.5],
        ],
      ],
    };
    assert.deepEqual(displaceShape(shape, 0.2, -0.05).strokes, [
      [
        [1, 0.05, 0.5],
        [0.7, 0.45],
      ],
    ]);
    const moved = displaceFragment(
      { type: 'FragmentSelector', conformsTo: AREA, value: 'page=1&viewrect=60,80,120,40' },
      page,
      2,
      { width: 300, height: 400, boxes: [] },
      0.1,
      0.1,
    );
    assert.equal(moved.value, 'page=3&viewrect=60,80,60,20');
  });
});
