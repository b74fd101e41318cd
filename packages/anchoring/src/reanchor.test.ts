import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anchor } from './anchor.ts';
import { DocumentText } from './document.ts';
import { type AnchorableAnnotation, reanchor } from './reanchor.ts';
import { describeArea, describeTextRange } from './selectors.ts';

const version1 = new DocumentText([
  '摘要：本文以自学考试毕业论文评阅为研究对象，分析了评阅过程中存在的标准不一、反馈不足等问题。',
  '第一章 绪论\n随着高等教育自学考试规模的扩大，考生人数和提交的论文数量都在持续增长。论文评阅的工作量逐年上升，评阅质量受到广泛关注。',
  '第二章 现状分析\n调查显示，超过六成的评阅教师认为现有评阅表过于简单，难以给出有针对性的意见。',
]);

function annotate(id: string, text: string): AnchorableAnnotation {
  const start = version1.text.indexOf(text);
  assert.notEqual(start, -1, text);
  return {
    id,
    target: { source: 'urn:zikao:submission:1', selector: describeTextRange(version1, start, start + text.length) },
  };
}

const annotations: AnchorableAnnotation[] = [
  annotate('unchanged', '标准不一、反馈不足'),
  annotate('edited', '论文评阅的工作量逐年上升'),
  annotate('surroundings-rewritten', '评阅质量受到广泛关注'),
  annotate('nearby-words-changed', '考生人数和提交的论文数量'),
  annotate('deleted', '超过六成的评阅教师认为现有评阅表过于简单'),
  annotate('across-pages', '反馈不足等问题。第一章 绪论'),
  { id: 'area', target: [describeArea(2, { x: 50, y: 60, width: 100, height: 80 })] },
  { id: 'area-on-missing-page', target: [describeArea(3)] },
];

const version2 = new DocumentText([
  '【修订稿】摘要：本文以自学考试毕业论文评阅为研究对象，分析了评阅过程中存在的标准不一、反馈不足等问题。',
  '第一章 绪论\n随着高等教育自学考试规模的扩大，考生人数和提交的论文数量都在持续增长。毕业论文评阅的工作量逐年增加，而评阅质量受到广泛关注和讨论。',
  '第二章 现状分析\n调查显示，评阅教师普遍希望获得更细致的评分细则。',
]);

describe('reanchor', () => {
  const report = reanchor(version2, annotations);
  const byId = new Map(report.results.map((r) => [r.id, r]));

  it('gives every annotation exactly one status, in input order, dropping none', () => {
    assert.deepEqual(
      report.results.map((r) => r.id),
      annotations.map((a) => a.id),
    );
    assert.deepEqual(report.counts, { found: 4, moved: 2, orphaned: 2 });
    assert.equal(report.counts.found + report.counts.moved + report.counts.orphaned, annotations.length);
  });

  it('keeps an unchanged quote found even though its offset shifted', () => {
    const result = byId.get('unchanged');
    assert.equal(result?.status, 'found');
    assert.equal(result?.confidence, 1);
    assert.equal(result?.anchor?.kind === 'text' && result.anchor.text, '标准不一、反馈不足');
  });

  it('moves an edited quote onto its new wording, with a confidence', () => {
    const result = byId.get('edited');
    assert.equal(result?.status, 'moved');
    assert.equal(result?.anchor?.kind === 'text' && result.anchor.text, '论文评阅的工作量逐年增加');
    assert.ok((result?.confidence ?? 0) > 0.8 && (result?.confidence ?? 1) < 1);
  });

  it('keeps an exact quote found when only a few words near it changed, with a confidence below 1', () => {
    const result = byId.get('nearby-words-changed');
    assert.equal(result?.status, 'found');
    assert.equal(result?.anchor?.kind === 'text' && result.anchor.text, '考生人数和提交的论文数量');
    assert.ok((result?.confidence ?? 1) < 1 && (result?.confidence ?? 0) > 0.8, `confidence ${result?.confidence}`);
  });

  it('places an exact quote that occurs once, where it was, as moved though its surroundings were rewritten', () => {
    const result = byId.get('surroundings-rewritten');
    assert.equal(result?.status, 'moved');
    assert.equal(result?.anchor?.kind === 'text' && result.anchor.text, '评阅质量受到广泛关注');
    assert.ok((result?.confidence ?? 1) < 0.9, `confidence ${result?.confidence}`);
  });

  it('orphans a short quote that occurs many times once its surroundings are gone, offering its text first', () => {
    const phrase = '研究表明';
    const filler = (n: number) => `第${n}段讨论了不同地区的情况，${phrase}差异明显。`;
    const before = new DocumentText([
      `${Array.from({ length: 6 }, (_, i) => filler(i)).join('')}本节的结论是${phrase}政策有效。${filler(9)}`,
    ]);
    const start = before.text.indexOf(`结论是${phrase}`) + 3;
    const target = describeTextRange(before, start, start + phrase.length);
    const after = new DocumentText([`${Array.from({ length: 6 }, (_, i) => filler(i)).join('')}${filler(9)}`]);
    const [result] = reanchor(after, [{ id: 'stock', target }]).results;
    assert.equal(result?.status, 'orphaned');
    const candidate = result?.status === 'orphaned' ? result.candidates[0] : undefined;
    assert.equal(candidate?.text, phrase);
    assert.equal(candidate?.exact, true);
    assert.equal(candidate?.selectors[0]?.type, 'TextQuoteSelector');
  });

  it('lists deleted text as orphaned, keeping its old quote', () => {
    const result = byId.get('deleted');
    assert.equal(result?.status, 'orphaned');
    assert.equal(result?.anchor, null);
    const quote = result?.selectors.find((s) => s.type === 'TextQuoteSelector');
    assert.equal(quote?.type === 'TextQuoteSelector' && quote.exact, '超过六成的评阅教师认为现有评阅表过于简单');
  });

  it('keeps a highlight across a page break across the same break', () => {
    const result = byId.get('across-pages');
    assert.equal(result?.status, 'found');
    assert.deepEqual(result?.anchor?.kind === 'text' && result.anchor.parts.map((p) => p.page), [0, 1]);
  });

  it('keeps areas on pages that still exist and orphans the others', () => {
    assert.equal(byId.get('area')?.status, 'found');
    assert.equal(byId.get('area-on-missing-page')?.status, 'orphaned');
  });

  it('describes moved annotations afresh, so that the new selectors are found in place', () => {
    for (const result of report.results) {
      if (result.anchor?.kind !== 'text') continue;
      const again = anchor(version2, result.selectors);
      assert.ok(again?.kind === 'text', result.id);
      assert.equal(again.status, 'found', result.id);
      assert.equal(again.start, result.anchor.start, result.id);
    }
  });
});

describe('reanchor after large edits', () => {
  const topics = ['评阅标准', '反馈质量', '评分差异', '论文选题', '文献引用', '研究方法', '数据处理', '结论表述'];
  // Sixteen distinct paragraphs of about 500 characters.
  const paragraphs = Array.from({ length: 16 }, (_, i) =>
    Array.from({ length: 12 }, (_, j) => `第${i + 1}节第${j + 1}句讨论${topics[(i + j) % topics.length]}，`)
      .join('')
      .padEnd(500, '。'),
  );
  const original = new DocumentText([paragraphs.join('')]);
  const annotations = paragraphs.map((paragraph, i) => {
    const start = original.text.indexOf(paragraph) + 100;
    return { id: `p${i + 1}`, target: describeTextRange(original, start, start + 20) };
  });

  it('keeps every annotation found when a long passage is inserted before all of them', () => {
    const preface = '新增的前言部分。'.repeat(800);
    const report = reanchor(new DocumentText([preface + paragraphs.join('')]), annotations);
    assert.deepEqual(report.counts, { found: 16, moved: 0, orphaned: 0 });
    assert.ok(report.results.every((r) => r.confidence === 1));
  });

  it('marks an unchanged paragraph moved to the end as moved, and its neighbours as found', () => {
    const reordered = [...paragraphs.slice(0, 2), ...paragraphs.slice(3), paragraphs[2] as string];
    const report = reanchor(new DocumentText([reordered.join('')]), annotations);
    const moved = report.results.filter((r) => r.status === 'moved');
    assert.deepEqual(
      moved.map((r) => r.id),
      ['p3'],
    );
    assert.ok(moved[0] && moved[0].confidence > 0.8 && moved[0].confidence < 1);
    assert.equal(moved[0]?.anchor?.kind === 'text' && moved[0].anchor.exact, true);
    assert.equal(report.counts.found, 15);
  });
});

describe('reanchor with the version the annotations were made on', () => {
  // Distinct sentences, and a stock phrase that recurs all over the thesis.
  const places = ['东部沿海', '中部六省', '西南山区', '长三角', '珠三角', '京津冀', '成渝地区', '东北地区'];
  const subjects = ['问卷调查', '回归分析', '案例企业', '样本数据', '现有文献', '在线学习平台'];
  const sentences = Array.from(
    { length: 24 },
    (_, i) => `${subjects[i % subjects.length]}第${i + 1}次考察了${places[(i * 3) % places.length]}的情况。`,
  );
  const stock = '因此有必要建立长效机制。';
  const filler = sentences.slice(0, 12).join(stock);
  const tail = sentences.slice(12).join(stock);
  const passage = sentences.slice(12, 18).join(''); // the old text right before the annotated phrase

  it('places a stock phrase whose one side was rewritten where the old text around it reads on', () => {
    const old = new DocumentText([
      `${filler}${stock}${passage}${stock}旧句谈论样本量偏小这一问题，现已删去不用，作者另起炉灶。${tail}`,
    ]);
    const start = old.text.indexOf(`${passage}因此`) + passage.length + 2;
    const annotation = { id: 'stock', target: describeTextRange(old, start, start + 5) };
    assert.equal(old.text.slice(start, start + 5), '有必要建立');
    // A new opening paragraph before it, and the sentence after it rewritten.
    const revised = new DocumentText([
      `新增的开篇段落介绍了研究背景和主要问题，说明了选题的由来、研究的思路和全文的结构安排，并交代了资料的来源与处理方法，共计八十字左右。${filler}${stock}${passage}${stock}此处换成全新表述：研究对象扩展到更多地区和人群。${tail}`,
    ]);
    const withoutOld = reanchor(revised, [annotation]).results[0];
    // Without the old text: a phrase that occurs many times, away from where it was, one side intact.
    assert.equal(withoutOld?.status, 'orphaned');
    const result = reanchor(revised, [annotation], { previous: old }).results[0];
    assert.equal(result?.status, 'found');
    const at = revised.text.indexOf(`${passage}因此`) + passage.length + 2;
    assert.deepEqual(result?.anchor?.kind === 'text' && [result.anchor.start, result.anchor.end], [at, at + 5]);
  });

  it('orphans a quote whose copy left is another sentence’s, though its surroundings read on there', () => {
    // Two sentences end alike; the second is deleted. What is left of the phrase is the first one's.
    const first = '回归分析揭示了长三角信息不对称带来的风险。';
    const second = '问卷调查揭示了京津冀信息不对称带来的风险。';
    const before = sentences.slice(0, 8).join('');
    const after = sentences.slice(8, 16).join('');
    const old = new DocumentText([`${before}${first}${second}${after}`]);
    const start = old.text.indexOf(second) + second.indexOf('带来的风险');
    const annotation = { id: 'second', target: describeTextRange(old, start, start + 6) };
    const revised = new DocumentText([`${before}${first}${after}`]);
    const result = reanchor(revised, [annotation], { previous: old }).results[0];
    assert.equal(result?.status, 'orphaned');
    // Offered as a candidate, for the reviewer to confirm.
    const leftover = revised.text.indexOf(first) + first.indexOf('带来的风险');
    assert.deepEqual(result?.status === 'orphaned' && result.candidates.map((c) => [c.start, c.exact]), [
      [leftover, true],
    ]);
  });

  it('places a heading whose sentences on both sides were rewritten by the rank of its copy', () => {
    // The heading occurs twice (the table of contents, the chapter), in both versions, between the
    // start and the next annotation found unchanged: the second old copy is the second new one.
    const heading = '第4章 研究设计';
    const toc = `目录第1章 绪论……1${heading}……12第5章 结论……30`;
    const head = sentences.slice(0, 8).join('');
    const rest = sentences.slice(8, 20).join('');
    const old = new DocumentText([
      `${toc}${head}旧的段末一句交代了样本的来源，现已改写。${heading}旧的首句介绍了本章的安排，也已改写。${rest}`,
    ]);
    const start = old.text.lastIndexOf(heading);
    const neighbourAt = old.text.indexOf(sentences[12] as string);
    const annotations = [
      { id: 'heading', target: describeTextRange(old, start, start + heading.length) },
      { id: 'neighbour', target: describeTextRange(old, neighbourAt, neighbourAt + 12) },
    ];
    const revised = new DocumentText([
      `${toc}${head}新写的段末一句说明了数据的处理办法。${heading}新写的首句概述了研究设计的三个部分。${rest}`,
    ]);
    // Without the old text: a short quote that occurs twice, with neither side of its context left.
    assert.equal(reanchor(revised, annotations).results[0]?.status, 'orphaned');
    const result = reanchor(revised, annotations, { previous: old }).results[0];
    assert.equal(result?.status, 'found');
    const at = revised.text.lastIndexOf(heading);
    assert.deepEqual(result?.anchor?.kind === 'text' && [result.anchor.start, result.anchor.end], [
      at,
      at + heading.length,
    ]);
  });

  it('orphans a deleted sentence that another one was edited into, though its copies count the same', () => {
    // A sentence repeated with a word changed; the repeat is deleted and the first is edited into
    // the repeat's words. One copy before, one after, but the text around it is the first one's.
    const first = '数字化转型整体比较了成渝地区学习者的自主学习能力[23]。';
    const repeat = '数字化转型总体比较了成渝地区学习者的自主学习能力[23]。';
    // Each with surroundings of its own, so the stored context does not point at the first one.
    const head = `${sentences.slice(0, 6).join('')}样本来自三所高校发放的问卷。`;
    const middle = `表格二列出了各组的均值与方差。${sentences.slice(6, 12).join('')}研究者随后走访了十二家企业。`;
    const tail = `附录给出了访谈提纲的全文。${sentences.slice(12, 20).join('')}`;
    const old = new DocumentText([`${head}${first}${middle}${repeat}${tail}`]);
    const start = old.text.indexOf(repeat);
    const annotation = { id: 'repeat', target: describeTextRange(old, start, start + repeat.length) };
    const revised = new DocumentText([`${head}${repeat}${middle}${tail}`]);
    const result = reanchor(revised, [annotation], { previous: old }).results[0];
    assert.equal(result?.status, 'orphaned');
    // Still offered where the words are, for the reviewer to confirm.
    assert.deepEqual(result?.status === 'orphaned' && result.candidates.map((c) => [c.start, c.exact]), [
      [revised.text.indexOf(repeat), true],
    ]);
  });
});
