import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  ANNOTATION_KIND_LABELS,
  type AnnotationDto,
  type AnnotationInput,
  ErrorCode,
  Role,
  signParams,
} from '@zikao/contract';
import { PDFDocument } from 'pdf-lib';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const FRAGMENT = 'http://tools.ietf.org/rfc/rfc3778' as const;

/** What pdf.js reports of an annotation (the fields these tests read). */
interface ReadAnnotation {
  subtype: string;
  id: string;
  rect: number[];
  contentsObj?: { str: string };
  titleObj?: { str: string };
  inReplyTo?: string;
  replyType?: string;
  quadPoints?: ArrayLike<number>;
  inkLists?: Array<ArrayLike<number>>;
  lineCoordinates?: number[];
  lineEndings?: string[];
  color?: ArrayLike<number>;
  annotationFlags: number;
  hasAppearance?: boolean;
}

interface ReadPage {
  annotations: ReadAnnotation[];
  /** Each text item's box in user space: [x0, y0, x1, y1] and its text. */
  words: Array<{ str: string; box: number[] }>;
  /** Form XObjects and paths painted by the page's own content (annotations left out). */
  contentForms: number;
  contentPaths: number;
  /** The page as displayed (rotation applied): fractions from its top-left to user space. */
  toUser: (fx: number, fy: number) => number[];
}

async function readPdf(bytes: Uint8Array): Promise<ReadPage[]> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: ReadPage[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const annotations = (await page.getAnnotations()) as ReadAnnotation[];
    const text = await page.getTextContent();
    const words = text.items.flatMap((item) =>
      'str' in item
        ? [
            {
              str: item.str,
              box: [
                item.transform[4],
                item.transform[5],
                item.transform[4] + item.width,
                item.transform[5] + item.height,
              ],
            },
          ]
        : [],
    );
    const list = await page.getOperatorList({ annotationMode: pdfjs.AnnotationMode.DISABLE });
    const viewport = page.getViewport({ scale: 1 });
    pages.push({
      annotations,
      words,
      contentForms: list.fnArray.filter((fn) => fn === pdfjs.OPS.paintFormXObjectBegin).length,
      contentPaths: list.fnArray.filter((fn) => fn === pdfjs.OPS.constructPath).length,
      toUser: (fx, fy) => viewport.convertToPdfPoint(fx * viewport.width, fy * viewport.height),
    });
  }
  await doc.destroy();
  return pages;
}

const overlaps = (a: number[], b: number[]) =>
  (a[0] ?? 0) < (b[2] ?? 0) && (b[0] ?? 0) < (a[2] ?? 0) && (a[1] ?? 0) < (b[3] ?? 0) && (b[1] ?? 0) < (a[3] ?? 0);
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 0.6, `${what}: ${actual} ≠ ${expected}`);

/** The source: page 1 plain; page 2 turned 90° with a crop box that does not start at 0,0. */
async function sourcePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.load(multiPagePdf(['Introduction of the thesis', 'Methods and results here']));
  const second = pdf.getPage(1);
  second.setCropBox(20, 30, 555, 800);
  second.setRotation({ type: 'degrees' as never, angle: 90 } as never);
  return Buffer.from(await pdf.save());
}

describe('the annotated PDF: ISO 32000 annotations (批注版) and the print form (打印版)', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;
  const ids: Record<string, string> = {};
  const base = { severity: 'major' as const, stamp: null, pageIndex: 0, category: 'content' as const };
  const quote = (exact: string, prefix: string, suffix: string) => [
    { type: 'TextQuoteSelector' as const, exact, prefix, suffix },
    { type: 'PageSelector' as const, index: 0 },
  ];
  const inputs: Array<AnnotationInput & { key: string }> = [
    {
      ...base,
      key: 'highlight',
      id: randomUUID(),
      kind: 'highlight',
      comment: '论点需要进一步展开，并补充文献支撑',
      selectors: quote('Introduction', '', ' of the'),
    },
    {
      ...base,
      key: 'underline',
      id: randomUUID(),
      kind: 'underline',
      category: 'language',
      comment: '这句表述不够严谨',
      selectors: quote('of', 'Introduction ', ' the'),
    },
    {
      ...base,
      key: 'strikeout',
      id: randomUUID(),
      kind: 'strikeout',
      comment: '多余的冠词',
      selectors: quote('the', 'Introduction of ', ' thesis'),
    },
    {
      ...base,
      key: 'replace',
      id: randomUUID(),
      kind: 'replace',
      comment: '用词不准确',
      suggestion: '学位论文',
      selectors: quote('thesis', 'Introduction of the ', ''),
    },
    {
      ...base,
      key: 'insert',
      id: randomUUID(),
      kind: 'insert',
      comment: '',
      suggestion: '（修订稿）',
      selectors: [
        { type: 'TextQuoteSelector', exact: 'results', prefix: 'Methods and ', suffix: ' here' },
        { type: 'PageSelector', index: 1 },
      ],
      pageIndex: 1,
    },
    {
      ...base,
      key: 'pen',
      id: randomUUID(),
      kind: 'pen',
      comment: '此处圈出的图表缺少单位',
      shape: {
        color: '#cf1322',
        width: 2,
        strokes: [
          [
            [0.2, 0.5, 0.4],
            [0.25, 0.55, 0.6],
            [0.3, 0.5, 0.5],
          ],
          [
            [0.2, 0.6],
            [0.3, 0.62],
          ],
        ],
      },
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=119,421,60,101' }],
    },
    {
      ...base,
      key: 'line',
      id: randomUUID(),
      kind: 'line',
      comment: '',
      shape: {
        color: '#1677ff',
        width: 1.5,
        strokes: [
          [
            [0.1, 0.7],
            [0.5, 0.7],
          ],
        ],
      },
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=59,589,238,1' }],
    },
    {
      ...base,
      key: 'ellipse',
      id: randomUUID(),
      kind: 'ellipse',
      comment: '这张图需要重画',
      shape: {
        color: '#389e0d',
        width: 3,
        strokes: [
          [
            [0.6, 0.5],
            [0.8, 0.6],
          ],
        ],
      },
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=357,421,119,84' }],
    },
    {
      ...base,
      key: 'area',
      id: randomUUID(),
      kind: 'area',
      comment: '本段排版混乱',
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=72,200,200,80' }],
    },
    {
      ...base,
      key: 'stamp',
      id: randomUUID(),
      kind: 'stamp',
      comment: '',
      stamp: '优',
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1&viewrect=400,700,60,60' }],
    },
    {
      ...base,
      key: 'note',
      id: randomUUID(),
      kind: 'note',
      category: 'format',
      comment: '本页页眉格式不符合要求',
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=1' }],
    },
    // On the turned, cropped page 2: the arrow is measured on the page as displayed.
    {
      ...base,
      key: 'arrow',
      id: randomUUID(),
      kind: 'arrow',
      comment: '箭头所指处需补充说明',
      shape: {
        color: '#722ed1',
        width: 2,
        strokes: [
          [
            [0.1, 0.2],
            [0.4, 0.3],
          ],
        ],
      },
      selectors: [{ type: 'FragmentSelector', conformsTo: FRAGMENT, value: 'page=2&viewrect=80,111,240,55' }],
      pageIndex: 1,
    },
  ];

  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    documentId = await buildDocument(app, token, await sourcePdf());
    for (const { key, ...annotation } of inputs) {
      ids[key] = annotation.id;
      const response = await app.post(
        '/api/v1/annotation/save',
        { documentId, annotation, baseRevision: 0 },
        { token },
      );
      assert.equal(response.body.errorCode, 0, `${key}: ${response.body.errorMsg}`);
    }
    for (const comment of ['同意，已补充文献', '第二条回复：已改']) {
      const reply = await app.post('/api/v1/annotation/reply', { annotationId: ids.highlight, comment }, { token });
      assert.equal(reply.body.errorCode, 0, reply.body.errorMsg);
    }
  });
  after(() => app.close());

  const download = (variant?: string) => {
    const t = Date.now();
    const params = variant === undefined ? {} : { variant };
    const query = variant === undefined ? '' : `&variant=${variant}`;
    return app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams(params, t)}${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  };
  const listed = async () =>
    (await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token })).body.data;

  it('gives every mark its ISO 32000 annotation, on the words or the drawing, with comment, author and replies', async () => {
    const response = await download('annotated');
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-disposition']), /%E6%89%B9%E6%B3%A8%E7%89%88\.pdf/, '…-批注版.pdf');
    const pages = await readPdf(response.rawPayload);
    const all = pages.flatMap((page, index) => page.annotations.map((a) => ({ ...a, page: index })));
    const author = (await listed()).find((a) => a.id === ids.highlight)?.authorName;
    assert.ok(author);
    const byName = (key: string) => {
      const found = all.find((a) => a.subtype !== 'Popup' && a.id && a.contentsObj && isNamed(a, key));
      assert.ok(found, `no annotation for ${key}: ${JSON.stringify(all.map((a) => a.subtype))}`);
      return found;
    };
    // pdf.js does not expose /NM; the comment pane's text names each mark by its comment.
    const isNamed = (a: ReadAnnotation, key: string) => {
      const input = inputs.find((i) => i.key === key);
      const text = a.contentsObj?.str ?? '';
      if (!input || a.subtype !== expectedSubtype[key] || a.inReplyTo) return false;
      return text.includes(`· ${ANNOTATION_KIND_LABELS[input.kind]}〕`) && text.includes(input.comment);
    };
    const expectedSubtype: Record<string, string> = {
      highlight: 'Highlight',
      underline: 'Underline',
      strikeout: 'StrikeOut',
      replace: 'Caret',
      insert: 'Caret',
      pen: 'Ink',
      line: 'Line',
      arrow: 'Line',
      ellipse: 'Circle',
      area: 'Square',
      stamp: 'Stamp',
      note: 'Text',
    };
    const word = (pageIndex: number, text: string) => {
      const item = pages[pageIndex]?.words.find((w) => w.str.includes(text));
      assert.ok(item, `page ${pageIndex + 1} has "${text}"`);
      return item.box;
    };
    for (const key of Object.keys(expectedSubtype)) {
      const annotation = byName(key);
      assert.equal(annotation.titleObj?.str, author, `${key}: the author`);
      assert.equal(annotation.annotationFlags & 4, 4, `${key}: prints`);
      assert.equal(annotation.hasAppearance, true, `${key}: has an appearance stream`);
    }
    // Text marks lie on their words: the page-1 line holds all four of them.
    for (const key of ['highlight', 'underline', 'strikeout']) {
      const annotation = byName(key);
      assert.equal(annotation.page, 0);
      assert.ok(overlaps(annotation.rect, word(0, 'Introduction')), `${key} ${annotation.rect}`);
      assert.equal(annotation.quadPoints?.length, 8, `${key}: one quad for one line`);
    }
    const highlight = byName('highlight');
    const quad = Array.from(highlight.quadPoints ?? []);
    const line = word(0, 'Introduction');
    // "Introduction" begins the line: the quad starts at the line's left edge, within its height.
    near(quad[0] ?? 0, line[0] ?? 0, 'the quad starts where the words do');
    assert.ok((quad[5] ?? 0) <= (line[1] ?? 0) + 1 && (quad[1] ?? 0) >= (line[3] ?? 0) - 8, `quad ${quad}`);
    assert.ok((quad[2] ?? 0) < (line[2] ?? 0), 'the quad covers one word, not the line');
    assert.match(highlight.contentsObj?.str ?? '', /〔批注 \d+ · 内容 · 一般 · 文字批注〕/);
    // The replace: a caret with the wording, and a strike-out over the words grouped with it.
    const caret = byName('replace');
    assert.ok(caret.contentsObj?.str.startsWith('修改为：学位论文'), caret.contentsObj?.str);
    assert.ok(caret.contentsObj?.str.includes('用词不准确'));
    const struck = all.find((a) => a.subtype === 'StrikeOut' && a.inReplyTo === caret.id);
    assert.ok(struck, 'the replace strikes its words');
    assert.equal(struck.replyType, 'Group');
    assert.ok(overlaps(struck.rect, word(0, 'thesis')));
    const insert = byName('insert');
    assert.equal(insert.page, 1);
    assert.ok(insert.contentsObj?.str.startsWith('插入：（修订稿）'), insert.contentsObj?.str);
    // Drawn marks: the strokes where the reviewer drew them (page 1 is 595 × 842, unturned).
    const pen = byName('pen');
    assert.equal(pen.inkLists?.length, 2);
    const firstStroke = Array.from(pen.inkLists?.[0] ?? []);
    near(firstStroke[0] ?? 0, 0.2 * 595, 'pen x');
    near(firstStroke[1] ?? 0, 842 * 0.5, 'pen y (from the bottom)');
    assert.deepEqual(Array.from(pen.color ?? []), [207, 19, 34], 'the pen colour');
    const straight = byName('line');
    assert.deepEqual(straight.lineEndings ?? ['None', 'None'], ['None', 'None']);
    const ellipse = byName('ellipse');
    near(ellipse.rect[0] ?? 0, 0.6 * 595 - 2.5, 'ellipse left (with the stroke)');
    near(ellipse.rect[3] ?? 0, 842 * 0.5 + 2.5, 'ellipse top');
    // The arrow on page 2, turned 90° and cropped: pdf.js's own viewport says where the points are.
    const arrow = byName('arrow');
    assert.equal(arrow.page, 1);
    assert.deepEqual(arrow.lineEndings, ['None', 'OpenArrow']);
    const [ax, ay] = pages[1]?.toUser(0.1, 0.2) ?? [];
    const [bx, by] = pages[1]?.toUser(0.4, 0.3) ?? [];
    near(arrow.lineCoordinates?.[0] ?? 0, ax ?? -1, 'arrow tail x');
    near(arrow.lineCoordinates?.[1] ?? 0, ay ?? -1, 'arrow tail y');
    near(arrow.lineCoordinates?.[2] ?? 0, bx ?? -1, 'arrow head x');
    near(arrow.lineCoordinates?.[3] ?? 0, by ?? -1, 'arrow head y');
    // The area box from its viewrect (72,200 200×80 from the top-left).
    const area = byName('area');
    near(area.rect[0] ?? 0, 72, 'area left');
    near(area.rect[3] ?? 0, 842 - 200, 'area top');
    // Replies: Text annotations in reply to the highlight, in order, Chinese intact.
    const replies = all.filter((a) => a.inReplyTo === highlight.id && a.replyType === 'R');
    assert.deepEqual(
      replies.map((r) => r.contentsObj?.str),
      ['同意，已补充文献', '第二条回复：已改'],
    );
    assert.ok(replies.every((r) => r.subtype === 'Text' && r.titleObj?.str === author));
    // Every primary mark has a popup for its comment.
    assert.ok(all.filter((a) => a.subtype === 'Popup').length >= Object.keys(expectedSubtype).length);
  });

  it('批注版 does not draw the marks twice; 打印版 burns them in and carries no annotations', async () => {
    const annotated = await readPdf((await download('annotated')).rawPayload);
    const printed = await download('print');
    assert.equal(printed.statusCode, 200);
    assert.match(String(printed.headers['content-disposition']), /%E6%89%93%E5%8D%B0%E7%89%88\.pdf/, '…-打印版.pdf');
    const print = await readPdf(printed.rawPayload);
    const markup = new Set([
      'Highlight',
      'Underline',
      'StrikeOut',
      'Squiggly',
      'Caret',
      'Ink',
      'Line',
      'Square',
      'Circle',
      'Stamp',
      'Text',
      'Popup',
      'FreeText',
    ]);
    assert.deepEqual(
      print.flatMap((page) => page.annotations.filter((a) => markup.has(a.subtype))),
      [],
      '打印版 has no markup annotations',
    );
    // Page 1 holds eleven marks besides the note (text marks, drawings, area, stamp): in 打印版
    // each is a painted form; in 批注版 the page's own content paints none, only the markers.
    assert.equal(annotated[0]?.contentForms, 0, '批注版 paints no mark into the page');
    assert.ok((print[0]?.contentForms ?? 0) >= 9, `打印版 paints the marks: ${print[0]?.contentForms}`);
    // On paper the suggestion is written above the struck words, and the index lists it.
    assert.ok(
      print[0]?.words.some((word) => word.str.includes('学位论文')),
      '打印版 writes 学位论文 on the page',
    );
    assert.ok(!annotated[0]?.words.some((word) => word.str.includes('学位论文')), '批注版 leaves it to the caret');
    for (const pages of [print, annotated]) {
      const index = pages
        .slice(2)
        .flatMap((page) => page.words.map((word) => word.str))
        .join('');
      assert.ok(index.includes('修改为：学位论文'), index);
      assert.ok(index.includes('插入：（修订稿）'), index);
    }
    // Both have the same numbered markers (a filled circle each) and the same index pages.
    assert.equal(annotated.length, print.length);
    assert.ok((annotated[0]?.contentPaths ?? 0) >= 10, 'the markers are burned in');
  });

  it('keeps 批注版 the default, and refuses an unknown variant in Chinese', async () => {
    const plain = await readPdf((await download()).rawPayload);
    assert.ok(plain[0]?.annotations.some((a) => a.subtype === 'Highlight'));
    const bad = await download('word');
    const body = JSON.parse(bad.body) as { errorCode: number; errorMsg: string };
    assert.equal(body.errorCode, ErrorCode.invalidInput);
    assert.match(body.errorMsg, /批注版|打印版/);
  });
});

describe('the annotated PDF on a real Chinese thesis (the demo seed’s PDF maker)', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;
  let pageText = '';
  const paragraph =
    '随着职业教育改革的不断深入，中职学校语文课程面临着如何服务专业学习与职业发展的新课题。本文以课堂观察和问卷调查为基础，分析当前语文教学中存在的脱节现象，并从教学内容、教学方法与评价方式三个方面提出职业化改革的具体路径，以期为同类学校提供参考。';
  const thesis = {
    title: '中职学校语文课程的职业化改革',
    subtitle: '自学考试毕业论文',
    sections: [{ heading: '第一章 绪论', paragraphs: [paragraph, paragraph] }],
  };

  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    const { createPdfMaker } = await import('../../seed/review-pdf.ts');
    const make = await createPdfMaker([thesis.title, thesis.subtitle, thesis.sections[0]?.heading, paragraph].join(''));
    documentId = await buildDocument(app, token, Buffer.from(await make(thesis)));
    const text = await app.post<{ pages: Array<{ text: string }> }>('/api/v1/document/text', { documentId }, { token });
    assert.equal(text.body.errorCode, 0, text.body.errorMsg);
    pageText = text.body.data.pages[1]?.text ?? '';
    assert.ok(pageText.includes('\n'), 'the body page has several lines');
  });
  after(() => app.close());

  it('lays one quad on each line of a quote that wraps, over the Chinese words, with the comment intact', async () => {
    // A quote from the middle of one line to the middle of the next.
    const lineBreak = pageText.indexOf('\n', pageText.indexOf('随着') + 5);
    const start = lineBreak - 10;
    const end = lineBreak + 12;
    const id = randomUUID();
    const annotation: AnnotationInput = {
      id,
      kind: 'replace',
      category: 'language',
      severity: 'minor',
      comment: '“脱节”一词过于口语化，建议改用书面表述',
      suggestion: '相互割裂的问题',
      stamp: null,
      pageIndex: 1,
      selectors: [
        {
          type: 'TextQuoteSelector',
          exact: pageText.slice(start, end),
          prefix: pageText.slice(start - 20, start),
          suffix: pageText.slice(end, end + 20),
        },
        { type: 'PageSelector', index: 1 },
      ],
    };
    const saved = await app.post('/api/v1/annotation/save', { documentId, annotation, baseRevision: 0 }, { token });
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    const t = Date.now();
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({}, t)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(response.statusCode, 200);
    const pages = await readPdf(response.rawPayload);
    const page = pages[1];
    assert.ok(page);
    const caret = page.annotations.find((a) => a.subtype === 'Caret');
    assert.ok(caret, JSON.stringify(page.annotations.map((a) => a.subtype)));
    assert.equal(
      caret.contentsObj?.str,
      '修改为：相互割裂的问题\n“脱节”一词过于口语化，建议改用书面表述\n〔批注 1 · 语言 · 提示 · 修改建议〕',
    );
    const struck = page.annotations.find((a) => a.subtype === 'StrikeOut');
    assert.ok(struck);
    const quads = Array.from(struck.quadPoints ?? []);
    assert.equal(quads.length, 16, 'two lines, two quads');
    const lines = [0, 8].map((at) => [quads[at + 4] ?? 0, quads[at + 5] ?? 0, quads[at + 2] ?? 0, quads[at + 1] ?? 0]);
    assert.ok((lines[0]?.[1] ?? 0) > (lines[1]?.[1] ?? 0), 'the second quad is on the line below');
    for (const quad of lines) {
      assert.ok(
        page.words.some((word) => overlaps(quad, word.box)),
        `quad ${quad} lies on a text item`,
      );
    }
    // The caret sits at the end of the quote, on the second line.
    assert.ok(
      overlaps(caret.rect, [
        (lines[1]?.[2] ?? 0) - 6,
        (lines[1]?.[1] ?? 0) - 6,
        (lines[1]?.[2] ?? 0) + 6,
        lines[1]?.[3] ?? 0,
      ]),
    );
  });
});

describe('the annotated PDF under blind review', () => {
  let app: TestApp;
  after(() => app.close());

  it('names the reviewer to the candidate as the annotation list does (评阅教师), in /T as in the index', async () => {
    app = await createTestApp();
    const batchId = await buildBatch(app, { blindReview: true });
    const student = await buildUser(app, { role: Role.student, name: '王考生', examNumber: '030100000777' });
    const studentToken = await app.login(student.account, student.password, 'student');
    const reviewerToken = await app.login('13800000003');
    const reviewer = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow();
    const documentId = await buildDocument(app, studentToken, multiPagePdf(['Draft one of the thesis']));
    const submission = await buildSubmission(app, {
      batchId,
      stage: 'draft',
      status: 'reviewing',
      reviewerId: reviewer.id,
      studentId: student.id,
      documentId,
    });
    const annotation: AnnotationInput = {
      id: randomUUID(),
      kind: 'underline',
      category: 'content',
      severity: 'major',
      comment: '论证不充分',
      stamp: null,
      pageIndex: 0,
      selectors: [
        { type: 'TextQuoteSelector', exact: 'thesis', prefix: 'Draft one of the ', suffix: '' },
        { type: 'PageSelector', index: 0 },
      ],
    };
    const saved = await app.post(
      '/api/v1/annotation/save',
      { documentId, annotation, baseRevision: 0 },
      { token: reviewerToken },
    );
    assert.equal(saved.body.errorCode, 0, saved.body.errorMsg);
    const reviewed = await app.post(
      '/api/v1/review/submit',
      {
        submissionId: submission.id,
        versionNo: 1,
        verdict: 'revise',
        comment:
          '论文结构基本完整，但论证部分需要补充数据支撑，请按批注逐条修改后重新提交。文献综述部分略显单薄，建议补充近五年的研究成果并规范著录格式。',
      },
      { token: reviewerToken },
    );
    assert.equal(reviewed.body.errorCode, 0, reviewed.body.errorMsg);
    const listed = await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token: studentToken });
    assert.equal(listed.body.errorCode, 0, listed.body.errorMsg);
    assert.equal(listed.body.data[0]?.authorName, '评阅教师');

    for (const variant of ['annotated', 'print']) {
      const t = Date.now();
      const response = await app.server.inject({
        method: 'GET',
        url: `/api/v1/annotation/export/pdf/${documentId}?t=${t}&sig=${signParams({ variant }, t)}&variant=${variant}`,
        headers: { authorization: `Bearer ${studentToken}` },
      });
      assert.equal(response.statusCode, 200, response.body);
      const pages = await readPdf(response.rawPayload);
      const marks = pages.flatMap((page) => page.annotations).filter((a) => a.subtype !== 'Popup');
      if (variant === 'annotated') {
        assert.deepEqual(
          marks.map((a) => [a.subtype, a.titleObj?.str]),
          [['Underline', '评阅教师']],
        );
      } else assert.deepEqual(marks, []);
      // Nowhere in the file, in any encoding a PDF string may use.
      const bytes = Buffer.from(response.rawPayload);
      const utf16 = Buffer.from('陈评阅', 'utf16le').swap16();
      assert.ok(!bytes.includes(Buffer.from('陈评阅')) && !bytes.includes(utf16), `${variant}: raw name`);
      assert.ok(
        !bytes.toString('latin1').toUpperCase().includes(utf16.toString('hex').toUpperCase()),
        `${variant}: hex name`,
      );
    }
  });
});
