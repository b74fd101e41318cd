import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import type { ThesisSheetStage } from '@zikao/contract/thesis-sheet';
import {
  boxOf,
  columnLabel,
  formatFileSize,
  formatRate,
  isPreviewable,
  notesByPage,
  placeBadges,
  placedNotes,
  printKindLabel,
  printMark,
  quoteOf,
  sheetPlagiarism,
} from './view-model.ts';

function annotation(
  id: string,
  pageIndex: number,
  selectors: AnnotationDto['selectors'],
  createdAt = 1,
): AnnotationDto {
  return {
    id,
    documentId: 1,
    kind: selectors.some((s) => s.type === 'FragmentSelector') ? 'area' : 'highlight',
    category: 'content',
    severity: 'minor',
    comment: `批注${id}`,
    stamp: null,
    pageIndex,
    selectors,
    revision: 1,
    authorId: 1,
    authorName: '陈评阅',
    createdAt,
    updatedAt: createdAt,
    replies: [],
  };
}

const stage = (over: Partial<ThesisSheetStage>): ThesisSheetStage => ({
  stage: 'draft',
  submissionId: 1,
  status: 'passed',
  currentVersion: 1,
  submittedAt: 1,
  verdict: null,
  score: null,
  grade: null,
  reviewerName: '',
  comment: '',
  plagiarismRate: null,
  reviewedAt: null,
  reviewedVersion: null,
  ...over,
});

describe('thesis views helpers', () => {
  it('formats file sizes and rates', () => {
    assert.equal(formatFileSize(null), '—');
    assert.equal(formatFileSize(512), '512 字节');
    assert.equal(formatFileSize(2048), '2.0 KB');
    assert.equal(formatFileSize(3.5 * 1024 * 1024), '3.5 MB');
    assert.equal(formatRate(null), '—');
    assert.equal(formatRate(12.345), '12.3%');
  });

  it('previews only PDFs and raster images', () => {
    assert.equal(isPreviewable('application/pdf'), true);
    assert.equal(isPreviewable('image/PNG'), true);
    assert.equal(isPreviewable('image/svg+xml'), false);
    assert.equal(isPreviewable('application/vnd.openxmlformats-officedocument.wordprocessingml.document'), false);
  });

  it('takes the plagiarism rate of the latest stage that has one', () => {
    const sheet = {
      plagiarismThreshold: 30,
      stages: [stage({ stage: 'draft', plagiarismRate: 20 }), stage({ stage: 'final', plagiarismRate: 35 })],
    };
    assert.deepEqual(sheetPlagiarism(sheet), { rate: 35, stage: 'final', exceeds: true });
    assert.deepEqual(
      sheetPlagiarism({
        plagiarismThreshold: 30,
        stages: [stage({ stage: 'draft', plagiarismRate: 20 }), stage({ stage: 'final' })],
      }),
      {
        rate: 20,
        stage: 'draft',
        exceeds: false,
      },
    );
    assert.deepEqual(sheetPlagiarism({ plagiarismThreshold: 30, stages: [] }), {
      rate: null,
      stage: null,
      exceeds: false,
    });
  });

  it('shortens quotes to one line', () => {
    const long = annotation('a', 0, [{ type: 'TextQuoteSelector', exact: `第一行\n第二行${'字'.repeat(100)}` }]);
    const quote = quoteOf(long);
    assert.ok(quote.startsWith('第一行 第二行'));
    assert.equal([...quote].length, 81);
    assert.ok(quote.endsWith('…'));
    assert.equal(
      quoteOf(
        annotation('b', 0, [
          { type: 'FragmentSelector', conformsTo: 'http://tools.ietf.org/rfc/rfc3778', value: 'page=1' },
        ]),
      ),
      '',
    );
  });

  it('numbers notes across the document in reading order, grouped by page', () => {
    const area = (id: string, page: number, y: number) =>
      annotation(id, page, [
        {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
          value: `page=${page + 1}&viewrect=10,${y},50,20`,
        },
      ]);
    const pages = notesByPage([area('c', 1, 100), area('b', 0, 500), area('a', 0, 100), area('d', 1, 50)]);
    assert.deepEqual([...pages.keys()], [0, 1]);
    assert.deepEqual(
      pages.get(0)?.map((n) => [n.number, n.annotation.id]),
      [
        [1, 'a'],
        [2, 'b'],
      ],
    );
    assert.deepEqual(
      pages.get(1)?.map((n) => [n.number, n.annotation.id]),
      [
        [3, 'd'],
        [4, 'c'],
      ],
    );
  });

  it('places boxes as fractions of the page, and none for highlights', () => {
    const box = boxOf(
      annotation('a', 0, [
        {
          type: 'FragmentSelector',
          conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
          value: 'page=1&viewrect=59.5,84.2,119,842',
        },
      ]),
      { width: 595, height: 842 },
    );
    assert.ok(box);
    assert.ok(Math.abs(box.left - 0.1) < 1e-9);
    assert.ok(Math.abs(box.top - 0.1) < 1e-9);
    assert.ok(Math.abs(box.width - 0.2) < 1e-9);
    assert.equal(box.height, 1);
    assert.equal(
      boxOf(annotation('b', 0, [{ type: 'TextQuoteSelector', exact: '文字' }]), { width: 595, height: 842 }),
      null,
    );
  });
});

describe('placed notes (the print view)', () => {
  const highlight = (id: string) => annotation(id, 0, [{ type: 'TextQuoteSelector', exact: `文字${id}` }]);
  const rect = (page: number, left: number, top: number) => ({ page, left, top, width: 0.2, height: 0.02 });

  it('uses the server’s numbers and pages, marks each note at its first line, and keeps gone text apart', () => {
    const note = { ...highlight('n'), kind: 'note' as const };
    const { pages, unplaced } = placedNotes(
      [highlight('a'), highlight('b'), highlight('gone'), note],
      [
        { annotationId: 'b', number: 2, page: 0, rects: [rect(0, 0.1, 0.5), rect(0, 0.1, 0.53)] },
        { annotationId: 'a', number: 1, page: 0, rects: [rect(0, 0.3, 0.2)] },
        { annotationId: 'n', number: 3, page: 0, rects: [rect(0, 0.9, 0.04)] },
        { annotationId: 'gone', number: 4, page: null, rects: [] },
        { annotationId: 'deleted-since', number: 5, page: 0, rects: [rect(0, 0, 0)] },
      ],
    );
    assert.deepEqual(
      pages.get(0)?.map((n) => [n.number, n.annotation.id, n.rects.length, n.marker.left, n.marker.top]),
      [
        [1, 'a', 1, 0.3, 0.2],
        [2, 'b', 2, 0.1, 0.5],
        [3, 'n', 0, 0.96, 0.03],
      ],
    );
    assert.deepEqual(
      unplaced.map((n) => [n.number, n.annotation.id, n.quote]),
      [[4, 'gone', '文字gone']],
    );
  });

  it('marks a page note at the spot it was placed, not in the top-right corner (issue 32 §2.3)', () => {
    const note = annotation('n', 0, [
      {
        type: 'FragmentSelector',
        conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
        value: 'page=1&viewrect=300,500,24,24',
      },
    ]);
    const { pages } = placedNotes(
      [{ ...note, kind: 'note' as const }],
      [{ annotationId: 'n', number: 1, page: 0, rects: [rect(0, 0.5, 0.6)] }],
    );
    assert.deepEqual(
      pages.get(0)?.map((n) => [n.rects.length, n.marker.left, n.marker.top]),
      [[0, 0.5, 0.6]],
    );
  });

  it('marks a highlight that runs onto the next page there too, as continued', () => {
    const { pages } = placedNotes(
      [highlight('x')],
      [{ annotationId: 'x', number: 1, page: 0, rects: [rect(0, 0.1, 0.95), rect(1, 0.1, 0.05), rect(1, 0.1, 0.08)] }],
    );
    assert.deepEqual(
      pages.get(0)?.map((n) => [n.number, n.rects.length, n.continued ?? false]),
      [[1, 1, false]],
    );
    assert.deepEqual(
      pages.get(1)?.map((n) => [n.number, n.rects.length, n.continued ?? false, n.marker.top]),
      [[1, 2, true, 0.05]],
    );
  });
});

describe('number badges in the margin', () => {
  it('puts badges level with their marks, side by side on one line, and below when the margin is full', () => {
    const at = (list: Array<{ column: number; top: number }>) => list.map((b) => [b.column, Math.round(b.top * 1000)]);
    // Badges 0.02 of the page tall: 0.10 and 0.11 share a line; 0.115 finds both columns taken and
    // goes below the first; 0.3 is free.
    assert.deepEqual(at(placeBadges([0.1, 0.11, 0.115, 0.3], 0.02)), [
      [0, 100],
      [1, 110],
      [0, 120],
      [0, 300],
    ]);
    // Whatever order the notes come in.
    assert.deepEqual(at(placeBadges([0.3, 0.1, 0.105], 0.02)), [
      [0, 300],
      [0, 100],
      [1, 105],
    ]);
    assert.deepEqual(placeBadges([], 0.02), []);
  });
});

describe('spreadsheet column letters', () => {
  it('counts A to Z, then AA', () => {
    assert.deepEqual([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLabel), [
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('view paths', () => {
  it('keeps finals and retests in their own route families', async () => {
    const { viewPaths, familyOfPath } = await import('./view-model.ts');
    assert.deepEqual(viewPaths('draft', 7), {
      print: '/thesis/reviewsPrint/7',
      sheet: '/thesis/reviewBasic/7',
      attachments: '/thesis/attachment/7',
    });
    assert.equal(viewPaths('final', 7).sheet, '/thesis/finallyBasic/7');
    assert.equal(viewPaths('retest', 7).attachments, '/thesisRetest/attachment/7');
    assert.equal(familyOfPath('/thesis/finallyAttachment/7'), 'final-family');
    assert.equal(familyOfPath('/thesisRetest/reviewBasic/7'), 'retest-family');
    assert.equal(familyOfPath('/thesis/reviewBasic/7'), 'draft');
    assert.equal(viewPaths(familyOfPath('/thesis/finallyPrint/3'), 3).attachments, '/thesis/finallyAttachment/3');
  });
});

describe('print marks (issue 24)', () => {
  it('marks each kind its own way on the page image', () => {
    assert.equal(printMark('highlight'), 'fill');
    assert.equal(printMark('underline'), 'under');
    assert.equal(printMark('strikeout'), 'strike');
    assert.equal(printMark('replace'), 'strike');
    assert.equal(printMark('insert'), 'caret');
    assert.equal(printMark('area'), 'box');
    assert.equal(printMark('stamp'), 'box');
    assert.equal(printMark('note'), 'none');
    for (const kind of ['pen', 'line', 'arrow', 'ellipse'] as const) assert.equal(printMark(kind), 'drawn');
  });

  it('names the kind in a note’s head, with the page for a drawn mark', () => {
    assert.equal(printKindLabel({ kind: 'highlight', pageIndex: 0 }), '');
    assert.equal(printKindLabel({ kind: 'area', pageIndex: 0 }), '', 'the older kinds print as before');
    assert.equal(printKindLabel({ kind: 'replace', pageIndex: 0 }), '修改建议');
    assert.equal(printKindLabel({ kind: 'strikeout', pageIndex: 4 }), '删除建议');
    assert.equal(printKindLabel({ kind: 'arrow', pageIndex: 2 }), '箭头（第 3 页）');
    assert.equal(printKindLabel({ kind: 'ellipse', pageIndex: 0 }), '椭圆（第 1 页）');
  });
});
