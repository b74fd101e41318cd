import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchor } from './anchor.ts';
import { DocumentText } from './document.ts';
import {
  type ExportableAnnotation,
  fromAnnotationCollection,
  fromW3CAnnotation,
  fromW3CSelectors,
  shapeToSvg,
  svgToShape,
  toAnnotationCollection,
  toW3CAnnotation,
  toW3CSelectors,
} from './jsonld.ts';
import {
  type Annotation,
  type FragmentSelector,
  type SpecificResource,
  type TextualBody,
  ZK_NAMESPACE,
} from './model.ts';
import { describeArea, describeTextRange } from './selectors.ts';

const doc = new DocumentText(['本文采用层次分析法构建了评价指标体系。', '指标权重由专家打分确定。']);
const source = 'https://zikao.example/documents/42/versions/3';
const highlight: ExportableAnnotation = {
  id: 'a1',
  source,
  selectors: describeTextRange(doc, 2, 9),
  comment: '请说明层次分析法的一致性检验结果。',
  category: '内容',
  severity: '重要',
  creator: { id: 'urn:zikao:user:7', name: '王老师' },
  created: Date.UTC(2026, 10, 22, 4, 30),
  modified: '2026-11-22T05:00:00.000Z',
  replies: [{ id: 'r1', comment: '已在第三章补充。', created: Date.UTC(2026, 10, 23) }],
};

describe('W3C JSON-LD export', () => {
  it('writes an Annotation with the anno.jsonld context, a commenting body, a tagging body and the selectors', () => {
    const json = toW3CAnnotation(highlight);
    assert.deepEqual(json, {
      '@context': 'http://www.w3.org/ns/anno.jsonld',
      id: 'urn:zikao:annotation:a1',
      type: 'Annotation',
      motivation: 'commenting',
      created: '2026-11-22T04:30:00.000Z',
      modified: '2026-11-22T05:00:00.000Z',
      creator: { type: 'Person', id: 'urn:zikao:user:7', name: '王老师' },
      body: [
        {
          type: 'TextualBody',
          value: '请说明层次分析法的一致性检验结果。',
          purpose: 'commenting',
          format: 'text/plain',
          language: 'zh',
        },
        { type: 'TextualBody', value: '内容', purpose: 'tagging', format: 'text/plain', language: 'zh' },
        { type: 'TextualBody', value: '重要', purpose: 'assessing', format: 'text/plain', language: 'zh' },
      ],
      target: {
        type: 'SpecificResource',
        source,
        selector: [
          {
            type: 'TextQuoteSelector',
            exact: '采用层次分析法',
            prefix: '本文',
            suffix: '构建了评价指标体系。指标权重由专家打分确定。',
          },
          { type: 'TextPositionSelector', start: 2, end: 9 },
          {
            type: 'FragmentSelector',
            conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
            value: 'page=1',
            refinedBy: {
              type: 'TextQuoteSelector',
              exact: '采用层次分析法',
              prefix: '本文',
              suffix: '构建了评价指标体系。指标权重由专家打分确定。',
            },
          },
        ],
      },
    });
  });

  it('survives a JSON round trip and still anchors from its own target', () => {
    const parsed = JSON.parse(JSON.stringify(toW3CAnnotation(highlight))) as Annotation;
    const target = parsed.target as SpecificResource;
    const result = anchor(doc, target);
    assert.ok(result?.kind === 'text');
    assert.equal(result.status, 'found');
    assert.equal(result.text, '采用层次分析法');
  });

  it('exports stamps and area boxes with a fragment selector, and keeps IRIs as ids', () => {
    const json = toW3CAnnotation({
      id: 'https://zikao.example/annotations/9',
      source,
      selectors: [describeArea(1, { x: 100, y: 200, width: 24, height: 24 })],
      stamp: '✓',
    });
    assert.equal(json.id, 'https://zikao.example/annotations/9');
    assert.equal(json.motivation, 'assessing');
    assert.deepEqual(json.body, {
      type: 'TextualBody',
      value: '✓',
      purpose: 'assessing',
      format: 'text/plain',
      language: 'zh',
    });
    assert.deepEqual((json.target as SpecificResource).selector, [
      {
        type: 'FragmentSelector',
        conformsTo: 'http://tools.ietf.org/rfc/rfc3778',
        value: 'page=2&viewrect=100,200,24,24',
      },
    ]);
  });

  it('collects a review into an AnnotationCollection, replies as replying annotations', () => {
    const collection = toAnnotationCollection([highlight], '第 3 版评阅批注', { id: 'urn:zikao:review:5' });
    assert.equal(collection['@context'], 'http://www.w3.org/ns/anno.jsonld');
    assert.equal(collection.type, 'AnnotationCollection');
    assert.equal(collection.total, 2);
    assert.equal(collection.first.id, 'urn:zikao:review:5:page:0');
    assert.match(toAnnotationCollection([], 'x').id, /^urn:uuid:[0-9a-f-]{36}$/);
    assert.equal(
      toAnnotationCollection([], 'x', { id: 'https://a.example/c/1' }).first.id,
      'https://a.example/c/1#page-0',
    );
    const [parent, reply] = collection.first.items;
    assert.equal(parent?.['@context'], undefined);
    assert.equal(parent?.id, 'urn:zikao:annotation:a1');
    assert.deepEqual(reply, {
      id: 'urn:zikao:annotation:r1',
      type: 'Annotation',
      motivation: 'replying',
      body: {
        type: 'TextualBody',
        value: '已在第三章补充。',
        purpose: 'commenting',
        format: 'text/plain',
        language: 'zh',
      },
      target: 'urn:zikao:annotation:a1',
      created: '2026-11-23T00:00:00.000Z',
    });
  });
});

describe('W3C JSON-LD import', () => {
  it('reads the page back from the refined fragment, and a PageSelector from old exports', () => {
    const exported = toW3CAnnotation(highlight);
    const read = fromW3CAnnotation(JSON.parse(JSON.stringify(exported)));
    assert.deepEqual(read?.selectors, highlight.selectors);
    assert.equal(read?.comment, highlight.comment);
    assert.equal(read?.severity, '重要');
    const old = { ...exported, target: { type: 'SpecificResource', source, selector: [...highlight.selectors] } };
    assert.deepEqual(fromW3CAnnotation(old)?.selectors, highlight.selectors);
  });

  it('drops the page of a selection across a page break, which RFC 3778 cannot name, and keeps areas', () => {
    const crossing = describeTextRange(doc, 12, 22);
    assert.equal(crossing[2].endIndex, 1);
    const selectors = toW3CSelectors(crossing);
    assert.deepEqual(
      selectors.map((s) => s.type),
      ['TextQuoteSelector', 'TextPositionSelector'],
    );
    const result = anchor(doc, selectors);
    assert.ok(result?.kind === 'text');
    assert.deepEqual(
      result.parts.map((part) => part.page),
      [0, 1],
    );
    const area = [describeArea(2, { x: 1, y: 2, width: 3, height: 4 })];
    assert.deepEqual(fromW3CSelectors(toW3CSelectors(area)), area);
  });
});

describe('the markup kinds of issue 24 in the W3C export', () => {
  const text = describeTextRange(doc, 2, 9);
  const mark = (kind: string, extra: Partial<ExportableAnnotation> = {}): ExportableAnnotation => ({
    id: kind,
    source,
    selectors: text,
    kind,
    ...extra,
  });

  it('writes a replacement as editing, the suggested wording a body of purpose editing before the comment', () => {
    const json = toW3CAnnotation(mark('replace', { suggestion: '熵权法', comment: '方法名称有误', category: '内容' }));
    assert.deepEqual(json['@context'], ['http://www.w3.org/ns/anno.jsonld', { zk: ZK_NAMESPACE }]);
    assert.equal(json.motivation, 'editing');
    assert.equal(json['zk:kind'], 'replace');
    const bodies = json.body as TextualBody[];
    assert.deepEqual(
      bodies.map((body) => [body.purpose, body.value]),
      [
        ['editing', '熵权法'],
        ['commenting', '方法名称有误'],
        ['tagging', '内容'],
      ],
    );
    const insert = toW3CAnnotation(mark('insert', { suggestion: '（AHP）' }));
    assert.equal(insert.motivation, 'editing');
    assert.deepEqual(insert.body, {
      type: 'TextualBody',
      value: '（AHP）',
      purpose: 'editing',
      format: 'text/plain',
      language: 'zh',
    });
  });

  it('writes an underline as highlighting and a strike-out as editing, the kind in zk:kind', () => {
    const underline = toW3CAnnotation(mark('underline', { comment: '表述含糊' }));
    assert.equal(underline.motivation, 'highlighting');
    assert.equal(underline['zk:kind'], 'underline');
    const strike = toW3CAnnotation(mark('strikeout'));
    assert.equal(strike.motivation, 'editing');
    assert.equal(strike['zk:kind'], 'strikeout');
    assert.equal(strike.body, undefined);
    // The old kinds keep the old shape: no zk term, the model's context alone.
    const old = toW3CAnnotation(mark('highlight', { comment: '需说明' }));
    assert.equal(old['@context'], 'http://www.w3.org/ns/anno.jsonld');
    assert.equal(old['zk:kind'], undefined);
  });

  it('draws a drawn mark as an SVG of its page, refining a page fragment, and reads it back', () => {
    const page = { width: 600, height: 800 };
    const area = describeArea(0, { x: 60, y: 80, width: 120, height: 40 });
    const drawn = {
      pen: {
        color: '#cf1322',
        width: 2,
        strokes: [
          [
            [0.1, 0.1, 0.5],
            [0.2, 0.15, 0.7],
            [0.3, 0.12, 0.6],
          ],
          [
            [0.1, 0.2, 0.4],
            [0.2, 0.2, 0.4],
          ],
        ],
      },
      line: {
        color: '#1677ff',
        width: 1.5,
        strokes: [
          [
            [0.1, 0.5],
            [0.9, 0.5],
          ],
        ],
      },
      arrow: {
        color: '#262626',
        width: 3,
        strokes: [
          [
            [0.2, 0.2],
            [0.4, 0.3],
          ],
        ],
      },
      ellipse: {
        color: '#389e0d',
        width: 2,
        strokes: [
          [
            [0.1, 0.1],
            [0.3, 0.15],
          ],
        ],
      },
    };
    for (const [kind, shape] of Object.entries(drawn)) {
      const json = toW3CAnnotation(
        mark(kind, { selectors: [area], shape, pageSize: page, comment: kind === 'arrow' ? '见此图' : '' }),
      );
      assert.equal(json['zk:kind'], kind);
      assert.equal(json.motivation, kind === 'arrow' ? 'commenting' : 'highlighting');
      const [svgPage, box] = (json.target as SpecificResource).selector as FragmentSelector[];
      assert.equal(svgPage?.value, 'page=1');
      assert.equal(svgPage?.refinedBy?.type, 'SvgSelector');
      assert.deepEqual(box, area, 'the bounding box stays, for readers that cannot draw SVG');
      const svg = svgPage?.refinedBy?.value ?? '';
      assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 600 800">/);
      assert.match(svg, new RegExp(`stroke="${shape.color}" stroke-width="${shape.width}"`));
      if (kind === 'pen') assert.match(svg, /<polyline points="60,80 120,120 180,96" data-pressure="0.5 0.7 0.6"\/>/);
      if (kind === 'line') assert.match(svg, /<line x1="60" y1="400" x2="540" y2="400"\/>/);
      if (kind === 'arrow') assert.match(svg, /<polyline class="head" points="[\d.,]+ 240,240 [\d.,]+"\/>/);
      if (kind === 'ellipse') assert.match(svg, /<ellipse cx="120" cy="100" rx="60" ry="20"\/>/);
      const read = fromW3CAnnotation(JSON.parse(JSON.stringify(json)));
      assert.equal(read?.kind, kind);
      assert.deepEqual(read?.shape, shape, kind);
      assert.deepEqual(read?.pageSize, page);
      assert.deepEqual(read?.selectors, [area], 'the SVG page is not read as an area');
    }
    assert.equal(svgToShape('<svg viewBox="0 0 1 1"><g></g></svg>'), null, 'not one of ours');
    // Without a page size the SVG is drawn on an A4 page.
    assert.match(shapeToSvg('line', drawn.line), /viewBox="0 0 595\.28 841\.89"/);
  });

  it('reads a suggestion and a kind back, and collects them under both contexts', () => {
    const replace = mark('replace', { suggestion: '熵权法', comment: '方法名称有误' });
    const read = fromW3CAnnotation(JSON.parse(JSON.stringify(toW3CAnnotation(replace))));
    assert.equal(read?.kind, 'replace');
    assert.equal(read?.suggestion, '熵权法');
    assert.equal(read?.comment, '方法名称有误');
    assert.deepEqual(read?.selectors, text);
    const collection = toAnnotationCollection([highlight, replace], '批注', { id: 'urn:zikao:review:6' });
    assert.deepEqual(collection['@context'], ['http://www.w3.org/ns/anno.jsonld', { zk: ZK_NAMESPACE }]);
    assert.equal(toAnnotationCollection([highlight], '批注')['@context'], 'http://www.w3.org/ns/anno.jsonld');
    const back = fromAnnotationCollection(JSON.parse(JSON.stringify(collection)));
    assert.deepEqual(
      back.map((a) => [a.kind, a.suggestion]),
      [
        [undefined, undefined],
        ['replace', '熵权法'],
      ],
    );
  });
});
