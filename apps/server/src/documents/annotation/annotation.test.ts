import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type AnnotationDto, type AnnotationInput, type AnnotationReplyDto, ErrorCode, Role } from '@zikao/contract';
import { buildDocument, buildUser } from '../../test/factories.ts';
import { minimalPdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

function highlight(overrides: Partial<AnnotationInput> = {}): AnnotationInput {
  return {
    id: randomUUID(),
    kind: 'highlight',
    category: 'language',
    severity: 'minor',
    comment: '此处表述不通顺',
    stamp: null,
    pageIndex: 0,
    selectors: [
      { type: 'TextQuoteSelector', exact: 'Chapter', prefix: '', suffix: ' One' },
      { type: 'TextPositionSelector', start: 0, end: 7 },
      { type: 'PageSelector', index: 0 },
    ],
    ...overrides,
  };
}

describe('annotations', () => {
  let app: TestApp;
  let token: string;
  let documentId: number;
  before(async () => {
    app = await createTestApp();
    token = await app.login('13800000003');
    documentId = await buildDocument(app, token, minimalPdf('Chapter One'));
  });
  after(() => app.close());

  const save = (annotation: AnnotationInput, baseRevision: number, as = token, document = documentId) =>
    app.post<AnnotationDto>(
      '/api/v1/annotation/save',
      { documentId: document, annotation, baseRevision },
      { token: as },
    );
  const list = async (as = token) =>
    (await app.post<AnnotationDto[]>('/api/v1/annotation/list', { documentId }, { token: as })).body;

  it('creates, lists and edits an annotation, counting revisions', async () => {
    const input = highlight();
    const created = await save(input, 0);
    assert.equal(created.body.errorCode, 0, created.body.errorMsg);
    assert.equal(created.body.data.revision, 1);
    assert.equal(created.body.data.authorName, '陈评阅');
    const edited = await save({ ...input, comment: '语句欠通顺，建议改写', severity: 'major' }, 1);
    assert.equal(edited.body.data.revision, 2);
    const listed = (await list()).data.find((a) => a.id === input.id);
    assert.equal(listed?.comment, '语句欠通顺，建议改写');
    assert.deepEqual(listed?.selectors, input.selectors);
  });

  it('keeps both tabs’ annotations, and refuses an edit made on an old revision with 1080001', async () => {
    const fromTabA = highlight({ comment: 'A 窗口' });
    const fromTabB = highlight({ comment: 'B 窗口', category: 'content' });
    await Promise.all([save(fromTabA, 0), save(fromTabB, 0)]);
    const ids = (await list()).data.map((a) => a.id);
    assert.ok(ids.includes(fromTabA.id) && ids.includes(fromTabB.id));
    assert.equal((await save({ ...fromTabA, comment: 'A 改' }, 1)).body.errorCode, 0);
    const stale = await save({ ...fromTabA, comment: 'B 也改' }, 1);
    assert.equal(stale.body.errorCode, ErrorCode.conflict);
    assert.match(stale.body.errorMsg, /其他窗口/);
    assert.equal((await list()).data.find((a) => a.id === fromTabA.id)?.comment, 'A 改');
  });

  it('answers a repeated create or edit (a lost response) as before, without a conflict', async () => {
    const input = highlight();
    assert.equal((await save(input, 0)).body.data.revision, 1);
    const again = await save(input, 0);
    assert.equal(again.body.errorCode, 0);
    assert.equal(again.body.data.revision, 1);
    const edit = { ...input, comment: '重发的修改' };
    assert.equal((await save(edit, 1)).body.data.revision, 2);
    assert.equal((await save(edit, 1)).body.data.revision, 2);
  });

  it('answers 10 concurrent saves of one new annotation id alike, with one annotation stored (issue 19 §4)', async () => {
    const input = highlight({ comment: '离线队列重发' });
    const responses = await Promise.all(Array.from({ length: 10 }, () => save(input, 0)));
    for (const response of responses) {
      assert.equal(response.body.errorCode, 0, response.body.errorMsg);
      assert.equal(response.body.data.id, input.id);
      assert.equal(response.body.data.revision, 1);
      assert.equal(response.body.data.comment, '离线队列重发');
    }
    const rows = await app.database.db
      .selectFrom('annotations')
      .select('revision')
      .where('id', '=', input.id)
      .execute();
    assert.equal(rows.length, 1);
    // Concurrent different first versions of one id: one wins, the others get a conflict, never 1090001.
    const id = randomUUID();
    const rivals = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(highlight({ id, comment: `版本 ${i}` }), 0)),
    );
    const codes = rivals.map((r) => r.body.errorCode);
    assert.equal(codes.filter((c) => c === 0).length, 1, JSON.stringify(codes));
    assert.equal(codes.filter((c) => c === ErrorCode.conflict).length, 5);
  });

  it('deletes softly and restores (undo)', async () => {
    const input = highlight();
    await save(input, 0);
    const deleted = await app.post<AnnotationDto>(
      '/api/v1/annotation/delete',
      { id: input.id, baseRevision: 1 },
      { token },
    );
    assert.equal(deleted.body.errorCode, 0);
    assert.ok(!(await list()).data.some((a) => a.id === input.id));
    const editDeleted = await save({ ...input, comment: 'x' }, 2);
    assert.equal(editDeleted.body.errorCode, ErrorCode.conflict);
    const restored = await app.post<AnnotationDto>(
      '/api/v1/annotation/restore',
      { id: input.id, baseRevision: 2 },
      { token },
    );
    assert.equal(restored.body.data.revision, 3);
    assert.ok((await list()).data.some((a) => a.id === input.id));
  });

  it('validates kinds, categories, selectors and lengths with field names', async () => {
    const cases: Array<[AnnotationInput, RegExp]> = [
      [{ ...highlight(), category: 'spelling' as AnnotationInput['category'] }, /^参数错误：批注类别/],
      [{ ...highlight(), selectors: [{ type: 'PageSelector', index: 0 }] }, /TextQuoteSelector/],
      [
        {
          ...highlight(),
          kind: 'stamp',
          stamp: null,
          selectors: [
            {
              type: 'FragmentSelector',
              conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
              value: 'page=1&viewrect=10,10,40,40',
            },
          ],
        },
        /^参数错误：印章/,
      ],
      [{ ...highlight(), comment: '长'.repeat(2001) }, /^参数错误：批注内容不能超过 2000 个字符/],
      [{ ...highlight(), id: 'not-a-uuid' }, /^参数错误：编号须为 UUID/],
    ];
    for (const [input, message] of cases) {
      const response = await save(input, 0);
      assert.equal(response.body.errorCode, ErrorCode.invalidInput);
      assert.match(response.body.errorMsg, message);
    }
  });

  it('refuses pages the document does not have, and malformed page fragments (issue 32 §4.11)', async () => {
    const pages = (
      await app.database.db
        .selectFrom('documents')
        .select('page_count')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow()
    ).page_count;
    assert.equal(pages, 1, 'a one-page PDF, prepared');
    const fragment = (value: string) => ({
      type: 'FragmentSelector' as const,
      conformsTo: 'http://tools.ietf.org/rfc/rfc3778' as const,
      value,
    });
    const note = (value: string, pageIndex = 0) =>
      highlight({ kind: 'note', comment: '本页', pageIndex, selectors: [fragment(value)] });
    const cases: Array<[AnnotationInput, RegExp]> = [
      [highlight({ pageIndex: 500 }), /pageIndex 超出文档页数（共 1 页）/],
      [
        highlight({ selectors: [...highlight().selectors.slice(0, 2), { type: 'PageSelector', index: 2 }] }),
        /PageSelector 超出文档页数/,
      ],
      [note('page=2'), /FragmentSelector 超出文档页数/],
      [note('page=0'), /^参数错误：批注位置.*格式不正确/],
      [note('page=99999999999999999999'), /^参数错误：批注位置.*格式不正确/],
      [note('page=1&viewrect=1.2.3'), /^参数错误：批注位置.*格式不正确/],
      [note('page=1&viewrect=1,2,3,4e9'), /^参数错误：批注位置.*格式不正确/],
      [highlight({ pageIndex: 10_001 }), /^参数错误：页码/],
    ];
    for (const [input, message] of cases) {
      const response = await save(input, 0);
      assert.equal(response.body.errorCode, ErrorCode.invalidInput, input.selectors.map((x) => x.type).join());
      assert.match(response.body.errorMsg, message);
    }
    const stored = await app.database.db
      .selectFrom('annotations')
      .select('id')
      .where(
        'id',
        'in',
        cases.map(([input]) => input.id),
      )
      .execute();
    assert.deepEqual(stored, [], 'nothing refused was stored');
    const fine = await save(note('page=1&viewrect=72.5,100,200,80.25'), 0);
    assert.equal(fine.body.errorCode, 0, fine.body.errorMsg);
  });

  it('saves area boxes, page notes and stamps', async () => {
    const area = {
      type: 'FragmentSelector' as const,
      conformsTo: 'http://tools.ietf.org/rfc/rfc3778' as const,
      value: 'page=1&viewrect=72,100,200,80',
    };
    for (const input of [
      highlight({ kind: 'area', comment: '图表缺少标题', category: 'format', selectors: [area] }),
      highlight({ kind: 'note', comment: '本页论证不充分', selectors: [{ ...area, value: 'page=1' }] }),
      highlight({ kind: 'stamp', stamp: '优', comment: '', selectors: [area] }),
    ]) {
      const response = await save(input, 0);
      assert.equal(response.body.errorCode, 0, response.body.errorMsg);
      assert.equal(response.body.data.kind, input.kind);
    }
  });

  describe('the markup kinds of issue 24', () => {
    const AREA = 'http://tools.ietf.org/rfc/rfc3778' as const;
    const page = (viewrect = '72,100,200,80') => ({
      type: 'FragmentSelector' as const,
      conformsTo: AREA,
      value: `page=1&viewrect=${viewrect}`,
    });
    const shape = (strokes: number[][][], width = 2) => ({ color: '#cf1322', width, strokes });
    const drawn = (kind: AnnotationInput['kind'], strokes: number[][][], overrides: Partial<AnnotationInput> = {}) =>
      highlight({ kind, comment: '', selectors: [page()], shape: shape(strokes), ...overrides });

    it('saves every new kind and reads it back as saved, suggestion and strokes included', async () => {
      const inputs: AnnotationInput[] = [
        highlight({ kind: 'underline', comment: '' }),
        highlight({ kind: 'strikeout', comment: '可删去' }),
        highlight({ kind: 'replace', suggestion: 'Chapter 1' }),
        highlight({ kind: 'insert', comment: '', suggestion: '：引言' }),
        drawn('pen', [
          [
            [0.1, 0.1, 0.3],
            [0.12, 0.14, 0.8],
            [0.2, 0.2, 1],
          ],
          [
            [0.3, 0.3],
            [0.31, 0.35],
          ],
        ]),
        drawn('line', [
          [
            [0.1, 0.5],
            [0.9, 0.5],
          ],
        ]),
        drawn('arrow', [
          [
            [0.8, 0.1],
            [0.2, 0.12],
          ],
        ]),
        // A drawn mark with the text under it: page fragment and quote together.
        drawn(
          'ellipse',
          [
            [
              [0.1, 0.1],
              [0.3, 0.16],
            ],
          ],
          {
            comment: '圈出的标题格式有误',
            selectors: [...highlight().selectors.slice(0, 2), page('59.5,84.2,119,50.52')],
          },
        ),
      ];
      for (const input of inputs) {
        const response = await save(input, 0);
        assert.equal(response.body.errorCode, 0, `${input.kind}: ${response.body.errorMsg}`);
        assert.equal(response.body.data.kind, input.kind);
      }
      const listed = (await list()).data;
      for (const input of inputs) {
        const read = listed.find((a) => a.id === input.id);
        assert.ok(read, input.kind);
        assert.equal(read.kind, input.kind);
        assert.equal(read.comment, input.comment);
        assert.equal(read.suggestion ?? null, input.suggestion ?? null, input.kind);
        assert.deepEqual(read.shape ?? null, input.shape ?? null, input.kind);
        assert.deepEqual(read.selectors, input.selectors, input.kind);
      }
      // An edit changes the suggestion and the strokes, as any field.
      const replace = inputs[2] as AnnotationInput;
      const edited = await save({ ...replace, suggestion: 'Chapter I' }, 1);
      assert.equal(edited.body.errorCode, 0, edited.body.errorMsg);
      assert.equal((await list()).data.find((a) => a.id === replace.id)?.suggestion, 'Chapter I');
      const pen = inputs[4] as AnnotationInput;
      const redrawn = shape(
        [
          [
            [0.5, 0.5],
            [0.6, 0.6],
          ],
        ],
        4,
      );
      assert.equal((await save({ ...pen, shape: redrawn }, 1)).body.errorCode, 0);
      assert.deepEqual((await list()).data.find((a) => a.id === pen.id)?.shape, redrawn);
    });

    it('refuses malformed marks with a clear Chinese error naming the field, and stores none of them', async () => {
      const many = Array.from({ length: 5001 }, (_, i) => [(i % 1000) / 1000, 0.5]);
      const cases: Array<[string, AnnotationInput, RegExp]> = [
        ['a replace without its wording', highlight({ kind: 'replace' }), /^参数错误：请填写修改后的文字/],
        [
          'an insert with blank text',
          highlight({ kind: 'insert', suggestion: '   ' }),
          /^参数错误：请填写要插入的文字/,
        ],
        [
          'a suggestion on a highlight',
          highlight({ suggestion: '改为' }),
          /^参数错误：只有修改建议和插入建议可以填写建议文字/,
        ],
        [
          'strokes on a text mark',
          highlight({
            kind: 'underline',
            shape: shape([
              [
                [0.1, 0.1],
                [0.2, 0.2],
              ],
            ]),
          }),
          /^参数错误：只有绘制批注可以包含笔画/,
        ],
        ['a pen without strokes', highlight({ kind: 'pen', selectors: [page()] }), /^参数错误：绘制批注须包含笔画/],
        [
          'a line with three points',
          drawn('line', [
            [
              [0.1, 0.1],
              [0.2, 0.2],
              [0.3, 0.3],
            ],
          ]),
          /^参数错误：直线、箭头和椭圆须为一笔两点/,
        ],
        [
          'an arrow of two strokes',
          drawn('arrow', [
            [
              [0.1, 0.1],
              [0.2, 0.2],
            ],
            [
              [0.3, 0.3],
              [0.4, 0.4],
            ],
          ]),
          /^参数错误：直线、箭头和椭圆须为一笔两点/,
        ],
        [
          'a point off the page',
          drawn('pen', [
            [
              [0.1, 0.1],
              [1.2, 0.5],
            ],
          ]),
          /^参数错误：笔画须在 0 到 1 之间/,
        ],
        ['a negative coordinate', drawn('pen', [[[-0.1, 0.1]]]), /^参数错误：笔画须在 0 到 1 之间/],
        ['too many points', drawn('pen', [many]), /^参数错误：笔画点数不能超过 5000/],
        [
          'too many strokes',
          drawn(
            'pen',
            Array.from({ length: 51 }, () => [[0.5, 0.5]]),
          ),
          /^参数错误：笔画不能超过 50 笔/,
        ],
        [
          'a pen too wide',
          highlight({ kind: 'pen', comment: '', selectors: [page()], shape: shape([[[0.5, 0.5]]], 40) }),
          /^参数错误：线宽不能大于 12/,
        ],
        [
          'a colour that is not #RRGGBB',
          highlight({
            kind: 'pen',
            comment: '',
            selectors: [page()],
            shape: { ...shape([[[0.5, 0.5]]]), color: 'red;background:url(x)' },
          }),
          /^参数错误：颜色须为 #RRGGBB 颜色/,
        ],
        [
          'a drawn mark without its page',
          drawn(
            'ellipse',
            [
              [
                [0.1, 0.1],
                [0.2, 0.2],
              ],
            ],
            { selectors: highlight().selectors },
          ),
          /^参数错误：区域、页面批注、印章和绘制批注须包含 FragmentSelector/,
        ],
        [
          'a suggestion past 2000 characters',
          highlight({ kind: 'replace', suggestion: '长'.repeat(2001) }),
          /^参数错误：建议文字不能超过 2000 个字符/,
        ],
      ];
      for (const [name, input, message] of cases) {
        const response = await save(input, 0);
        assert.equal(response.body.errorCode, ErrorCode.invalidInput, name);
        assert.match(response.body.errorMsg, message, name);
      }
      const ids = new Set((await list()).data.map((a) => a.id));
      assert.ok(
        cases.every(([, input]) => !ids.has(input.id)),
        'nothing half-written',
      );
    });

    it('refuses a body past the size limit in the envelope, and keeps what was there', async () => {
      const pen = drawn('pen', [
        [
          [0.5, 0.5],
          [0.6, 0.6],
        ],
      ]);
      assert.equal((await save(pen, 0)).body.errorCode, 0);
      // 50 strokes × 100 points of long decimals, plus a comment stuffed past a megabyte.
      const strokes = Array.from({ length: 50 }, () =>
        Array.from({ length: 100 }, () => [0.123456789012345, 0.987654321098765, 0.5]),
      );
      const hostile = { ...pen, shape: shape(strokes), comment: 'x'.repeat(1_100_000) };
      const response = await save(hostile, 1);
      assert.equal(response.status, 413);
      assert.equal(response.body.errorCode, ErrorCode.invalidInput);
      assert.match(response.body.errorMsg, /^参数错误：请求体过大/);
      const kept = (await list()).data.find((a) => a.id === pen.id);
      assert.equal(kept?.revision, 1);
      assert.deepEqual(kept?.shape, pen.shape);
      // Exactly at the limits the mark is stored: 50 strokes of 100 points (5000).
      const fullest = drawn('pen', strokes);
      const stored = await save(fullest, 0);
      assert.equal(stored.body.errorCode, 0, stored.body.errorMsg);
      assert.equal(stored.body.data.shape?.strokes.flat().length, 5000);
    });
  });

  it("refuses another user's document and another user's annotation with 1030003", async () => {
    const mine = highlight();
    await save(mine, 0);
    const other = await buildUser(app, { role: Role.reviewer });
    const otherToken = await app.login(other.account, other.password);
    assert.equal((await save(highlight(), 0, otherToken)).body.errorCode, ErrorCode.forbidden);
    assert.equal((await list(otherToken)).errorCode, ErrorCode.forbidden);
    const ownDocument = await buildDocument(app, otherToken, minimalPdf('Other'));
    const hijack = await save({ ...mine, comment: '篡改' }, 1, otherToken, ownDocument);
    assert.equal(hijack.body.errorCode, ErrorCode.invalidInput);
    const hijackSame = await app.post(
      '/api/v1/annotation/delete',
      { id: mine.id, baseRevision: 1 },
      { token: otherToken },
    );
    assert.equal(hijackSame.body.errorCode, ErrorCode.forbidden);
    const reply = await app.post(
      '/api/v1/annotation/reply',
      { annotationId: mine.id, comment: '你好' },
      { token: otherToken },
    );
    assert.equal(reply.body.errorCode, ErrorCode.forbidden);
    const student = await app.login('13800000001', 'Zikao@2026', 'student');
    const studentOwn = await buildDocument(app, student, minimalPdf('Mine'));
    const studentSave = await save(highlight(), 0, student, studentOwn);
    assert.equal(studentSave.body.errorCode, ErrorCode.forbidden);
  });

  it('keeps a reply thread on an annotation', async () => {
    const input = highlight();
    await save(input, 0);
    const reply = await app.post<AnnotationReplyDto>(
      '/api/v1/annotation/reply',
      { annotationId: input.id, comment: '已按意见修改' },
      { token },
    );
    assert.equal(reply.body.errorCode, 0);
    assert.equal(reply.body.data.authorName, '陈评阅');
    const listed = (await list()).data.find((a) => a.id === input.id);
    assert.deepEqual(
      listed?.replies.map((r) => r.comment),
      ['已按意见修改'],
    );
    const empty = await app.post('/api/v1/annotation/reply', { annotationId: input.id, comment: '   ' }, { token });
    assert.equal(empty.body.errorCode, ErrorCode.invalidInput);
  });
});

describe('comment bank', () => {
  let app: TestApp;
  before(async () => {
    app = await createTestApp();
  });
  after(() => app.close());

  it('keeps personal entries apart and offers shared ones to every reviewer', async () => {
    const reviewer = await app.login('13800000003');
    const admin = await app.login('13800000004');
    const mine = await app.post<{ id: number }>(
      '/api/v1/comment-bank/save',
      { text: '参考文献格式不规范', category: 'citation' },
      { token: reviewer },
    );
    assert.equal(mine.body.errorCode, 0);
    const dup = await app.post(
      '/api/v1/comment-bank/save',
      { text: '参考文献格式不规范', category: 'citation' },
      { token: reviewer },
    );
    assert.equal(dup.body.errorCode, ErrorCode.conflict);
    const notAdmin = await app.post(
      '/api/v1/comment-bank/save',
      { text: '共享', category: 'other', shared: true },
      { token: reviewer },
    );
    assert.equal(notAdmin.body.errorCode, ErrorCode.forbidden);
    await app.post(
      '/api/v1/comment-bank/save',
      { text: '论点与论据不一致', category: 'content', shared: true },
      { token: admin },
    );
    const other = await buildUser(app, { role: Role.reviewer });
    const otherToken = await app.login(other.account, other.password);
    const seen = await app.post<Array<{ text: string; shared: boolean; mine: boolean }>>(
      '/api/v1/comment-bank/list',
      {},
      { token: otherToken },
    );
    assert.deepEqual(
      seen.body.data.map((e) => [e.text, e.shared, e.mine]),
      [['论点与论据不一致', true, false]],
    );
    const steal = await app.post('/api/v1/comment-bank/delete', { id: mine.body.data.id }, { token: otherToken });
    assert.equal(steal.body.errorCode, ErrorCode.forbidden);
    await app.post('/api/v1/comment-bank/use', { id: mine.body.data.id }, { token: reviewer });
    const own = await app.post<Array<{ id: number; useCount: number }>>(
      '/api/v1/comment-bank/list',
      {},
      { token: reviewer },
    );
    assert.equal(own.body.data[0]?.useCount, 1, 'most used first');
    const student = await app.login('13800000001', 'Zikao@2026', 'student');
    assert.equal(
      (await app.post('/api/v1/comment-bank/list', {}, { token: student })).body.errorCode,
      ErrorCode.forbidden,
    );
  });
});
