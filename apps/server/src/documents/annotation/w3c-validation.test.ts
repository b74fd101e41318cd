// The W3C JSON-LD export against the MUST-level schemas of the W3C Web Annotation test suite
// (test-data/w3c-annotation-tests), applied as web-platform-tests' annotation-model/scripts/JSONtest.js
// applies them: one draft-04 Ajv instance (allErrors, validateSchema: false) holding every
// definitions/*.json; each assertion of a *Musts.test file compiled and the input validated; a
// result other than the assertion's expectedResult fails at its assertionType level (all are `must`).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import {
  ANNOTATION_CONTEXT,
  type AnnotationCollection,
  DocumentText,
  describeArea,
  describeTextRange,
  fromAnnotationCollection,
  reanchor,
  toAnnotationCollection,
  toW3CAnnotation,
} from '@zikao/anchoring';
import { type AnnotationInput, Role, type SubmissionDetail } from '@zikao/contract';
import { buildBatch, buildDocument, buildSubmission, buildUser } from '../../test/factories.ts';
import { multiPagePdf } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// CommonJS packages, loaded as such (their ESM default export is the module object).
const require = createRequire(import.meta.url);
interface Ajv {
  addSchema(schema: object): Ajv;
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
}
const Ajv = require('ajv-draft-04') as new (options: Record<string, unknown>) => Ajv;
const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;

const suiteUrl = new URL('../../../../../test-data/w3c-annotation-tests/', import.meta.url);

interface Assertion {
  id?: string;
  assertionType?: 'must' | 'should' | 'may';
  expectedResult?: 'valid' | 'invalid';
  errorMessage?: string;
  [key: string]: unknown;
}

class MustsSuite {
  readonly ajv: Ajv;
  readonly #compiled = new Map<string, { assertion: Assertion; validate: ReturnType<Ajv['compile']> }>();

  constructor() {
    this.ajv = new Ajv({ allErrors: true, validateSchema: false, strict: false, logger: false });
    addFormats(this.ajv);
    for (const file of readdirSync(new URL('definitions/', suiteUrl))) {
      if (file.endsWith('.json')) this.ajv.addSchema(this.#read(`definitions/${file}`));
    }
  }

  #read(path: string): Assertion {
    return JSON.parse(readFileSync(new URL(path, suiteUrl), 'utf8')) as Assertion;
  }

  /** The assertion files of a .test file, in its order. */
  assertions(testFile: string): string[] {
    const test = this.#read(testFile) as { assertions?: unknown[] };
    return (test.assertions ?? []).map((entry) => {
      // The suite's Musts files list plain paths; nested assertion groups would need JSONtest's
      // compareWith logic, which none of these files uses.
      assert.equal(typeof entry, 'string', `${testFile}: an assertion group, not supported here`);
      return entry as string;
    });
  }

  /** Validates `input` through every assertion of `testFile`; returns the failures (must level). */
  run(testFile: string, input: unknown): string[] {
    const failures: string[] = [];
    for (const path of this.assertions(testFile)) {
      // A listed assertion that cannot be read fails, as a failed load does in JSONtest.js.
      if (!existsSync(new URL(path, suiteUrl))) {
        failures.push();
        continue;
      }
      let entry = this.#compiled.get(path);
      if (!entry) {
        const assertion = this.#read(path);
        // Several assertion files share an `id`; compiling each on its own keeps Ajv's registry
        // from rejecting the second. Their $refs name definitions by file, so nothing else changes.
        const { id: _id, ...schema } = assertion;
        entry = { assertion, validate: this.ajv.compile(schema) };
        this.#compiled.set(path, entry);
      }
      const valid = entry.validate(input) as boolean;
      const expected = (entry.assertion.expectedResult ?? 'valid') === 'valid';
      if (valid !== expected && (entry.assertion.assertionType ?? 'must') === 'must') {
        failures.push(`${path}: ${entry.assertion.errorMessage ?? ''} ${JSON.stringify(entry.validate.errors)}`);
      }
    }
    return failures;
  }
}

const musts = readdirSync(suiteUrl, { recursive: true })
  .map(String)
  .filter((path) => path.endsWith('Musts.test'))
  .sort();

/** Which Musts file applies to which kind of input, as the suite's README says. */
const ANNOTATION_MUSTS = 'annotations/annotationMusts.test';
const COLLECTION_MUSTS = ['collections/collectionMusts.test', 'collections/pages/pageMusts.test'];

describe('the W3C JSON-LD export passes the W3C Web Annotation MUST tests', () => {
  const suite = new MustsSuite();
  let app: TestApp;
  let exported: AnnotationCollection;
  let saved: Record<string, AnnotationInput> = {};
  const ids: Record<string, string> = {};

  it('finds the suite in test-data and its three Musts files', () => {
    assert.deepEqual(musts, [ANNOTATION_MUSTS, ...COLLECTION_MUSTS].sort());
    const total = musts.reduce((sum, file) => sum + suite.assertions(file).length, 0);
    assert.equal(total, 79, 'annotation 54 + collection 10 + page 15 assertions listed');
  });

  it('fails a PageSelector in the selector list and a page without an id, as the issue measured', () => {
    // The old export shape: the suite must reject it, or the checks below prove nothing.
    const doc = new DocumentText(['第一页的正文内容。', '第二页的正文内容。']);
    const old = {
      '@context': ANNOTATION_CONTEXT,
      id: 'urn:zikao:annotation:old',
      type: 'Annotation',
      target: { type: 'SpecificResource', source: 'urn:zikao:document:1', selector: describeTextRange(doc, 2, 5) },
    };
    const failures = suite.run(ANNOTATION_MUSTS, old).map((failure) => failure.split(':')[0]);
    assert.deepEqual(failures, [
      'annotations/3.2-targetObjectsRecognized.json',
      'annotations/specificResource/4.2-selectorValidIfPresent.json',
    ]);
    const collection = toAnnotationCollection([], '旧版导出', { id: 'urn:zikao:document:1:annotations' });
    const { id: _pageId, ...pageWithoutId } = collection.first;
    const oldCollection = { ...collection, first: pageWithoutId };
    assert.deepEqual(
      suite.run('collections/pages/pageMusts.test', oldCollection).map((failure) => failure.split(':')[0]),
      ['collections/pages/5.2-pageIdValidated.json'],
    );
  });

  describe('every shape the server exports', () => {
    before(async () => {
      app = await createTestApp();
      const reviewerAccount = '13800000003';
      const reviewer = await app.login(reviewerAccount);
      const reviewerId = (
        await app.database.db
          .selectFrom('users')
          .select('id')
          .where('account', '=', reviewerAccount)
          .executeTakeFirstOrThrow()
      ).id;
      const candidate = await buildUser(app, { role: Role.student, examNumber: '030120200020' });
      const student = await app.login(candidate.account, undefined, 'student');
      const v1 = ['Chapter one: the method used', 'continues here with results', 'A closing page to go'];
      const v2 = ['Chapter one: the method used', 'continues here with results', 'Another closing page'];
      const v1Document = await buildDocument(app, student, multiPagePdf(v1));
      const submissionId = (
        await buildSubmission(app, {
          batchId: await buildBatch(app),
          stage: 'draft',
          status: 'assigned',
          reviewerId,
          studentId: candidate.id,
          documentId: v1Document,
        })
      ).id;
      const text = await app.post<{ pages: Array<{ text: string }> }>(
        '/api/v1/document/text',
        { documentId: v1Document },
        { token: reviewer },
      );
      const doc = new DocumentText(text.body.data.pages.map((page) => page.text));
      const range = (exact: string) => {
        const start = doc.text.indexOf(exact);
        assert.ok(start >= 0, exact);
        return describeTextRange(doc, start, start + exact.length);
      };
      const base = { category: 'content' as const, severity: 'major' as const, stamp: null, pageIndex: 0 };
      const inputs: Record<string, AnnotationInput> = {
        highlight: { ...base, id: randomUUID(), kind: 'highlight', comment: '方法需说明', selectors: range('method') },
        crossPage: {
          ...base,
          id: randomUUID(),
          kind: 'highlight',
          comment: '跨页衔接',
          selectors: range('usedcontinues'),
        },
        box: {
          ...base,
          id: randomUUID(),
          kind: 'area',
          comment: '图表不清晰',
          pageIndex: 1,
          selectors: [describeArea(1, { x: 72, y: 100, width: 200, height: 50 })],
        },
        note: { ...base, id: randomUUID(), kind: 'note', comment: '本页格式', selectors: [describeArea(2)] },
        stamp: {
          ...base,
          id: randomUUID(),
          kind: 'stamp',
          comment: '',
          stamp: '优',
          selectors: [describeArea(0, { x: 400, y: 500, width: 60, height: 60 })],
        },
        carried: { ...base, id: randomUUID(), kind: 'highlight', comment: '结尾需修改', selectors: range('closing') },
        // The markup kinds of issue 24.
        underline: {
          ...base,
          id: randomUUID(),
          kind: 'underline',
          comment: '表述含糊',
          selectors: range('Chapter one'),
        },
        strikeout: { ...base, id: randomUUID(), kind: 'strikeout', comment: '', selectors: range('used') },
        replace: {
          ...base,
          id: randomUUID(),
          kind: 'replace',
          comment: '用词不准确',
          suggestion: 'findings',
          pageIndex: 1,
          selectors: range('results'),
        },
        insert: {
          ...base,
          id: randomUUID(),
          kind: 'insert',
          comment: '',
          suggestion: ' now',
          selectors: range('here'),
        },
        pen: {
          ...base,
          id: randomUUID(),
          kind: 'pen',
          comment: '此处空白过多',
          pageIndex: 1,
          shape: {
            color: '#cf1322',
            width: 2,
            strokes: [
              [
                [0.7, 0.5, 0.5],
                [0.75, 0.55, 0.625],
                [0.72, 0.6, 0.75],
              ],
            ],
          },
          selectors: [describeArea(1, { x: 416.5, y: 421, width: 29.75, height: 84.2 })],
        },
        line: {
          ...base,
          id: randomUUID(),
          kind: 'line',
          comment: '',
          shape: {
            color: '#1677ff',
            width: 1.5,
            strokes: [
              [
                [0.3, 0.15],
                [0.5, 0.15],
              ],
            ],
          },
          selectors: [...range('method'), describeArea(0, { x: 178.5, y: 126.3, width: 119, height: 1 })],
        },
        arrow: {
          ...base,
          id: randomUUID(),
          kind: 'arrow',
          comment: '移到此处',
          shape: {
            color: '#262626',
            width: 3,
            strokes: [
              [
                [0.5, 0.3],
                [0.4, 0.16],
              ],
            ],
          },
          selectors: [describeArea(0, { x: 238, y: 134.72, width: 59.5, height: 117.88 })],
        },
        ellipse: {
          ...base,
          id: randomUUID(),
          kind: 'ellipse',
          comment: '',
          pageIndex: 2,
          shape: {
            color: '#389e0d',
            width: 2,
            strokes: [
              [
                [0.2, 0.12],
                [0.45, 0.17],
              ],
            ],
          },
          selectors: [...range('closing'), describeArea(2, { x: 119, y: 101.04, width: 148.75, height: 42.1 })],
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
      const replied = await app.post(
        '/api/v1/annotation/reply',
        { annotationId: ids.highlight, comment: '已补充方法说明' },
        { token: reviewer },
      );
      assert.equal(replied.body.errorCode, 0, replied.body.errorMsg);

      // Returned and resubmitted: the annotations are carried onto version 2.
      const returned = await app.post(
        '/api/v1/review/submit',
        { submissionId, versionNo: 1, verdict: 'revise', comment: '论文结构清晰，论证较为充分，'.repeat(4) },
        { token: reviewer },
      );
      assert.equal(returned.body.errorCode, 0, returned.body.errorMsg);
      const v2Document = await buildDocument(app, student, multiPagePdf(v2));
      const resubmitted = await app.post(
        '/api/v1/submission/resubmit',
        { submissionId, documentId: v2Document },
        { token: student },
      );
      assert.equal(resubmitted.body.errorCode, 0, resubmitted.body.errorMsg);
      const detail = await app.post<SubmissionDetail>(
        '/api/v1/submission/detail',
        { submissionId },
        { token: reviewer },
      );
      const carried = detail.body.data.carried?.items ?? [];
      assert.equal(carried.length, Object.keys(inputs).length, 'every annotation carried');
      ids.carriedCopy = carried.find((item) => item.quote === 'method' && item.kind === 'highlight')?.id ?? '';
      ids.carriedEllipse = carried.find((item) => item.kind === 'ellipse')?.id ?? '';
      ids.carriedPen = carried.find((item) => item.kind === 'pen')?.id ?? '';
      assert.equal(carried.find((item) => item.kind === 'pen')?.status, 'unverified', '需核对');
      saved = inputs;

      const { signParams } = await import('@zikao/contract');
      const download = async (documentId: number) => {
        const t = Date.now();
        const response = await app.server.inject({
          method: 'GET',
          url: `/api/v1/annotation/export/jsonld/${documentId}?t=${t}&sig=${signParams({}, t)}`,
          headers: { authorization: `Bearer ${reviewer}` },
        });
        assert.equal(response.statusCode, 200, response.body);
        return JSON.parse(response.body) as AnnotationCollection;
      };
      const first = await download(v1Document);
      const second = await download(v2Document);
      // One collection holding every shape: version 1's six and its reply, and version 2's copies.
      exported = { ...first, first: { ...first.first, items: [...first.first.items, ...second.first.items] } };
      exported.total = exported.first.items.length;
      (exported as { secondVersion?: AnnotationCollection }).secondVersion = second;
    });
    after(() => app?.close());

    const item = (id: string | undefined) => {
      const found = exported.first.items.find((annotation) => annotation.id === `urn:zikao:annotation:${id}`);
      assert.ok(found, `annotation ${id} is in the export`);
      return found;
    };

    const SHAPES = [
      'highlight',
      'crossPage',
      'box',
      'note',
      'stamp',
      'carriedCopy',
      'underline',
      'strikeout',
      'replace',
      'insert',
      'pen',
      'line',
      'arrow',
      'ellipse',
      'carriedEllipse',
      'carriedPen',
    ] as const;
    for (const shape of SHAPES) {
      it(`a ${shape} passes annotationMusts.test`, () => {
        // Inside the collection the annotation takes the collection's @context; alone it carries its own.
        const annotation = { '@context': ANNOTATION_CONTEXT, ...item(ids[shape]) };
        assert.deepEqual(suite.run(ANNOTATION_MUSTS, annotation), []);
      });
    }

    it('a text highlight names its page with an RFC 3778 fragment refined by its quote', () => {
      const target = item(ids.highlight).target as unknown as { selector: Array<Record<string, unknown>> };
      const types = target.selector.map((selector) => selector.type);
      assert.deepEqual(types, ['TextQuoteSelector', 'TextPositionSelector', 'FragmentSelector']);
      const page = target.selector[2] as { value: string; refinedBy: { type: string; exact: string } };
      assert.equal(page.value, 'page=1');
      assert.deepEqual(page.refinedBy, target.selector[0]);
      const crossing = item(ids.crossPage).target as unknown as { selector: Array<Record<string, unknown>> };
      assert.ok(crossing.selector.every((selector) => selector.type !== 'PageSelector'));
    });

    it('a reply passes annotationMusts.test', () => {
      const replies = exported.first.items.filter((annotation) => annotation.motivation === 'replying');
      assert.ok(replies.length >= 1);
      for (const reply of replies) {
        assert.deepEqual(suite.run(ANNOTATION_MUSTS, { '@context': ANNOTATION_CONTEXT, ...reply }), []);
      }
    });

    it('the collections pass collectionMusts.test and pageMusts.test', () => {
      const second = (exported as { secondVersion?: AnnotationCollection }).secondVersion;
      for (const collection of [exported, second]) {
        for (const file of COLLECTION_MUSTS) assert.deepEqual(suite.run(file, collection), [], file);
      }
      assert.match(exported.first.id, /^urn:zikao:document:\d+:annotations:page:0$/);
    });

    it('reads the export back, and still reads an export of the old shape', () => {
      const back = fromAnnotationCollection(exported);
      const highlight = back.find((annotation) => annotation.id === `urn:zikao:annotation:${ids.highlight}`);
      assert.equal(highlight?.comment, '方法需说明');
      assert.equal(highlight?.replies?.[0]?.comment, '已补充方法说明');
      assert.deepEqual(
        highlight?.selectors.map((selector) => selector.type),
        ['TextQuoteSelector', 'TextPositionSelector', 'PageSelector'],
      );
      const stamp = back.find((annotation) => annotation.id === `urn:zikao:annotation:${ids.stamp}`);
      assert.equal(stamp?.stamp, '优');
      assert.equal(stamp?.selectors[0]?.type, 'FragmentSelector');
      // The markup kinds come back as they were saved: kind, suggestion, strokes and selectors.
      for (const name of ['underline', 'strikeout', 'replace', 'insert', 'pen', 'line', 'arrow', 'ellipse']) {
        const input = saved[name] as AnnotationInput;
        const read = back.find((annotation) => annotation.id === `urn:zikao:annotation:${input.id}`);
        assert.equal(read?.kind, input.kind, name);
        assert.equal(read?.suggestion, input.suggestion ?? undefined, name);
        assert.deepEqual(read?.shape, input.shape ?? undefined, name);
        assert.deepEqual(read?.selectors, input.selectors, name);
        if (input.shape) assert.deepEqual(read?.pageSize, { width: 595, height: 842 }, 'the page’s own size');
      }
    });

    it('writes the markup kinds with the model’s motivations, bodies and selectors', () => {
      assert.deepEqual(exported['@context'], [
        ANNOTATION_CONTEXT,
        { zk: 'https://zikao.example.edu.cn/ns/annotation#' },
      ]);
      const replace = item(ids.replace);
      assert.equal(replace.motivation, 'editing');
      assert.equal(replace['zk:kind'], 'replace');
      assert.deepEqual(
        (replace.body as Array<{ purpose: string; value: string }>).slice(0, 2).map((b) => [b.purpose, b.value]),
        [
          ['editing', 'findings'],
          ['commenting', '用词不准确'],
        ],
      );
      assert.equal(item(ids.strikeout).motivation, 'editing');
      assert.equal(item(ids.underline).motivation, 'highlighting');
      const arrow = item(ids.arrow).target as unknown as { selector: Array<Record<string, unknown>> };
      const svg = arrow.selector[0] as { value: string; refinedBy: { type: string; value: string } };
      assert.equal(svg.value, 'page=1');
      assert.equal(svg.refinedBy.type, 'SvgSelector');
      assert.match(svg.refinedBy.value, /viewBox="0 0 595 842"/);
      assert.match(svg.refinedBy.value, /<line x1="297.5" y1="252.6" x2="238" y2="134.72"\/>/);
    });
  });

  it('every shape made by the package alone passes too, and an old-shape export round-trips', () => {
    const doc = new DocumentText(['本文采用层次分析法构建了评价指标体系。', '指标权重由专家打分确定。']);
    const source = 'urn:zikao:document:7';
    const annotation = {
      id: 'a1',
      source,
      selectors: describeTextRange(doc, 2, 9),
      comment: '请说明一致性检验。',
      category: '内容',
      replies: [{ id: 'r1', comment: '已补充。', created: Date.UTC(2026, 10, 23) }],
    };
    const crossing = { id: 'a2', source, selectors: describeTextRange(doc, 12, 22), comment: '跨页' };
    const carried = reanchor(
      new DocumentText(['新增的引言。本文采用层次分析法构建了评价指标体系。', '指标权重由专家打分确定。']),
      [{ id: 'a1', target: annotation.selectors }],
    ).results[0];
    assert.notEqual(carried?.status, 'orphaned');
    const copy = { id: 'a3', source: 'urn:zikao:document:8', selectors: carried?.selectors ?? [], comment: '继承' };
    const area = describeArea(1, { x: 60, y: 80, width: 120, height: 40 });
    const strokes = [
      [
        [0.1, 0.1],
        [0.3, 0.15],
      ],
    ];
    const marks = [
      { id: 'u1', source, kind: 'underline', selectors: annotation.selectors },
      { id: 's1', source, kind: 'strikeout', selectors: annotation.selectors, comment: '删去' },
      { id: 'p1', source, kind: 'replace', selectors: annotation.selectors, suggestion: '熵权法' },
      { id: 'i1', source, kind: 'insert', selectors: crossing.selectors, suggestion: '（AHP）', comment: '补充' },
      ...(['pen', 'line', 'arrow', 'ellipse'] as const).map((kind) => ({
        id: kind,
        source,
        kind,
        selectors: [area],
        shape: { color: '#cf1322', width: 2, strokes },
      })),
    ];
    for (const shape of [annotation, crossing, copy, ...marks]) {
      assert.deepEqual(suite.run(ANNOTATION_MUSTS, toW3CAnnotation(shape)), [], shape.id);
    }
    // The suite does look at the SVG: a drawn mark whose SvgSelector lost its value fails.
    const drawn = toW3CAnnotation(marks[4] as (typeof marks)[number]);
    const target = drawn.target as { selector: Array<{ refinedBy?: object }> };
    const broken = {
      ...drawn,
      target: { ...target, selector: [{ ...target.selector[0], refinedBy: { type: 'SvgSelector' } }] },
    };
    assert.notDeepEqual(suite.run(ANNOTATION_MUSTS, broken), []);
    const marked = toAnnotationCollection(marks, '批注');
    for (const file of COLLECTION_MUSTS) assert.deepEqual(suite.run(file, marked), [], file);
    const collection = toAnnotationCollection([annotation, crossing, copy], '批注');
    for (const file of COLLECTION_MUSTS) assert.deepEqual(suite.run(file, collection), [], file);

    // An export written before this change: PageSelector in the list, a page without an id.
    const old = {
      '@context': ANNOTATION_CONTEXT,
      type: 'AnnotationCollection',
      label: '批注',
      total: 2,
      first: {
        type: 'AnnotationPage',
        startIndex: 0,
        items: [
          {
            id: 'urn:zikao:annotation:a1',
            type: 'Annotation',
            motivation: 'commenting',
            body: [
              { type: 'TextualBody', value: '请说明一致性检验。', purpose: 'commenting' },
              { type: 'TextualBody', value: '内容', purpose: 'tagging' },
            ],
            target: { type: 'SpecificResource', source, selector: annotation.selectors },
          },
          {
            id: 'urn:zikao:annotation:r1',
            type: 'Annotation',
            motivation: 'replying',
            body: { type: 'TextualBody', value: '已补充。', purpose: 'commenting' },
            target: 'urn:zikao:annotation:a1',
          },
        ],
      },
    };
    const [read] = fromAnnotationCollection(old);
    assert.deepEqual(read?.selectors, annotation.selectors, 'the old selectors, PageSelector included');
    assert.equal(read?.comment, '请说明一致性检验。');
    assert.equal(read?.category, '内容');
    assert.deepEqual(
      read?.replies?.map((reply) => reply.comment),
      ['已补充。'],
    );
    // Read back and written out again, it is in the new shape and passes.
    const rewritten = toAnnotationCollection(fromAnnotationCollection(old), '批注', { id: 'urn:zikao:import:1' });
    for (const file of COLLECTION_MUSTS) assert.deepEqual(suite.run(file, rewritten), [], file);
    for (const item of rewritten.first.items) {
      assert.deepEqual(suite.run(ANNOTATION_MUSTS, { '@context': ANNOTATION_CONTEXT, ...item }), []);
    }
    // The new shape reads back to the same workspace selectors.
    const again = fromAnnotationCollection(JSON.parse(JSON.stringify(rewritten)));
    assert.deepEqual(again[0]?.selectors, annotation.selectors);
  });
});
