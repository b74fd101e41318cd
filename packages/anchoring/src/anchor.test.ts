import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchor, DEFAULT_THRESHOLD, locate, type TextAnchor } from './anchor.ts';
import { DocumentText } from './document.ts';
import type { Selector } from './model.ts';
import { describeArea, describeTextRange } from './selectors.ts';

const pages = [
  '第三章 研究设计\n本研究以某省高等教育自学考试毕业论文评阅为对象，采用问卷调查与访谈相结合的方法收集数据。',
  '问卷共发放四百份，回收有效问卷三百六十二份，有效回收率为百分之九十点五。访谈对象包括评阅教师、主考学校管理人员和考生。',
  '数据分析采用描述统计与回归分析，研究方法的选择兼顾了信度与效度。研究方法部分最后说明了研究的局限。',
];
const doc = new DocumentText(pages);

function select(text: string, occurrence = 0): Selector[] {
  let start = -1;
  for (let i = 0; i <= occurrence; i++) start = doc.text.indexOf(text, start + 1);
  assert.notEqual(start, -1, `fixture text ${text}`);
  return describeTextRange(doc, start, start + text.length);
}

function textAnchor(document: DocumentText, selectors: readonly Selector[]): TextAnchor {
  const result = anchor(document, selectors);
  assert.ok(result && result.kind === 'text', 'expected a text anchor');
  return result;
}

describe('anchor in the same version', () => {
  it('finds a quote in place with full confidence', () => {
    const result = textAnchor(doc, select('问卷调查与访谈'));
    assert.equal(result.status, 'found');
    assert.equal(result.confidence, 1);
    assert.equal(result.text, '问卷调查与访谈');
    assert.deepEqual(result.parts, [
      { page: 0, start: pages[0]?.indexOf('问卷调查与访谈'), end: (pages[0]?.indexOf('问卷调查与访谈') ?? 0) + 7 },
    ]);
  });

  it('anchors a highlight that spans two page breaks, with one part per page', () => {
    const quote =
      '收集数据。问卷共发放四百份，回收有效问卷三百六十二份，有效回收率为百分之九十点五。访谈对象包括评阅教师、主考学校管理人员和考生。数据分析';
    const result = textAnchor(doc, select(quote));
    assert.equal(result.status, 'found');
    assert.deepEqual(
      result.parts.map((p) => p.page),
      [0, 1, 2],
    );
    assert.equal(result.parts.map((p) => pages[p.page]?.slice(p.start, p.end)).join(''), quote);
  });

  it('tells repeated phrases apart by their context when the position is unknown', () => {
    const second = select('研究方法', 1);
    const quoteOnly = second.filter((s) => s.type === 'TextQuoteSelector');
    const result = textAnchor(doc, quoteOnly);
    assert.equal(result.start, doc.text.lastIndexOf('研究方法'));
  });

  it('uses the page hint to choose between repeated phrases when there is no position', () => {
    const repeated = new DocumentText(['结论：研究方法可行。', '附录：研究方法可行。']);
    const [quote, , page] = describeTextRange(repeated, 13, 17);
    const withoutContext = { ...quote, prefix: '', suffix: '' };
    const result = textAnchor(repeated, [withoutContext, page]);
    assert.deepEqual(result.parts, [{ page: 1, start: 3, end: 7 }]);
  });

  it('anchors an area to its page, and orphans it when the page is gone', () => {
    const area = describeArea(1, { x: 10, y: 20, width: 30, height: 40 });
    assert.deepEqual(anchor(doc, [area]), {
      kind: 'area',
      status: 'found',
      confidence: 1,
      page: 1,
      rect: { x: 10, y: 20, width: 30, height: 40 },
    });
    assert.equal(anchor(new DocumentText(['只有一页']), [describeArea(1)]), null);
  });
});

describe('anchor in an edited version', () => {
  it('follows a quote shifted by an insertion before it, still found', () => {
    const edited = new DocumentText([`【修订】${pages[0]}`, pages[1] as string, pages[2] as string]);
    const result = textAnchor(edited, select('有效回收率为百分之九十点五'));
    assert.equal(result.status, 'found');
    assert.equal(result.confidence, 1);
    assert.equal(result.start, edited.text.indexOf('有效回收率为百分之九十点五'));
  });

  it('offers a quote whose context was rewritten as a candidate (可能的位置), never a placement', () => {
    const selectors = select('描述统计与回归分析');
    const edited = new DocumentText([
      pages[0] as string,
      pages[1] as string,
      '本章的数据处理使用描述统计与回归分析，并辅以稳健性检验。',
    ]);
    const located = locate(edited, selectors);
    assert.equal(located.anchor, null);
    assert.equal(located.candidates[0]?.text, '描述统计与回归分析');
    const confidence = located.candidates[0]?.confidence ?? 0;
    assert.ok(confidence < 1 && confidence > 0.3, `confidence ${confidence}`);
  });

  it('re-anchors an edited quote by approximate matching, with a confidence below 1', () => {
    const selectors = select('回收有效问卷三百六十二份，有效回收率为百分之九十点五');
    const edited = new DocumentText([
      pages[0] as string,
      (pages[1] as string).replace('三百六十二份', '三百六十五份').replace('九十点五', '九十一点三'),
      pages[2] as string,
    ]);
    const result = textAnchor(edited, selectors);
    assert.equal(result.status, 'moved');
    assert.equal(result.exact, false);
    assert.equal(result.text, '回收有效问卷三百六十五份，有效回收率为百分之九十一点三');
    assert.ok(result.confidence > 0.8 && result.confidence < 1, `confidence ${result.confidence}`);
  });

  it('finds an edited quote that moved far away in a long document', () => {
    const filler = Array.from({ length: 400 }, (_, i) => `第${i}段对比材料与本研究无关，仅用于拉开距离。`).join('');
    const original = new DocumentText([filler, pages[1] as string]);
    const start = original.text.indexOf('访谈对象包括评阅教师');
    const selectors = describeTextRange(original, start, start + '访谈对象包括评阅教师、主考学校管理人员和考生'.length);
    const moved = new DocumentText([(pages[1] as string).replace('主考学校', '主考院校'), filler]);
    const result = textAnchor(moved, selectors);
    assert.equal(result.status, 'moved');
    assert.equal(result.text, '访谈对象包括评阅教师、主考院校管理人员和考生');
    assert.ok(result.confidence >= DEFAULT_THRESHOLD);
  });

  it('marks an unchanged passage relocated far from its position as moved, with high confidence', () => {
    const filler = '与本研究无关的其他章节内容。'.repeat(600);
    const original = new DocumentText([pages[2] as string, filler]);
    const selectors = describeTextRange(original, 2, 20);
    const relocated = new DocumentText([filler, pages[2] as string]);
    const result = textAnchor(relocated, selectors);
    assert.equal(result.status, 'moved');
    assert.equal(result.exact, true);
    assert.equal(result.start, filler.length + 2);
    assert.ok(result.confidence > 0.8 && result.confidence < 1, `confidence ${result.confidence}`);
  });

  it('orphans a quote whose text was deleted', () => {
    const selectors = select('访谈对象包括评阅教师、主考学校管理人员和考生。');
    const edited = new DocumentText([
      pages[0] as string,
      '问卷共发放四百份，回收有效问卷三百六十二份，有效回收率为百分之九十点五。',
      pages[2] as string,
    ]);
    assert.equal(anchor(edited, selectors), null);
  });

  it('orphans a quote whose text was rewritten beyond recognition', () => {
    const selectors = select('采用问卷调查与访谈相结合的方法收集数据');
    const edited = new DocumentText([
      '第三章 研究设计\n本研究以某省高等教育自学考试毕业论文评阅为对象，通过平台日志挖掘评阅行为。',
      pages[1] as string,
      pages[2] as string,
    ]);
    assert.equal(anchor(edited, selectors), null);
  });

  it('orphans a short quote that only survives far away without its context', () => {
    const filler = '与本文无关的填充文字。'.repeat(800);
    const original = new DocumentText([`${pages[0]}${filler}`]);
    const start = original.text.indexOf('访谈');
    const selectors = describeTextRange(original, start, start + 2);
    const edited = new DocumentText([`第三章 研究设计\n本研究另行安排。${filler}结尾提到访谈。`]);
    assert.equal(anchor(edited, selectors), null);
  });
});
