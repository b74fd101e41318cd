import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentText } from './document.ts';
import { buildBody, detectFurniture, isColumnKey, toBodyForm } from './furniture.ts';

/** A binding margin as LuaTeX templates draw it and pdf.js reads it: a `|` a line, with 装 订 线 between. */
function bindingMargin(rules: number): string {
  const run = (n: number) => '|\n'.repeat(n);
  return `${run(rules)}装\n${run(rules >> 1)}订\n${run(rules >> 1)}线\n${run(rules)}`;
}

const bodies = [
  '第一章 引言\n本文研究偏微分方程的数值解法，\n并讨论其稳定性。',
  '波动方程的差分格式在网格比满足条件时稳定，\n否则误差随时间增长。',
  '1.2 列表\n• 项目 1\n– 项目 1-1\n• 项目 2',
  '表 1 给出了三种格式的误差。\n结论见下一章。',
  '参考文献\n[1] 陈凯. 机器学习算法综述 [J]. 2007.',
];

/** A thesis of bodies.length pages with a margin of a different length on each page, a header and a footer. */
const pages = bodies.map(
  (body, p) => `${bindingMargin(8 + p)}毕业设计（论文）\n${body}\n共 ${bodies.length} 页 第 ${p + 1} 页\n`,
);

describe('page furniture', () => {
  it('reads a binding margin, the header and the footer as furniture and keeps the author’s text', () => {
    const furniture = detectFurniture(pages);
    const body = buildBody(pages, furniture);
    // Every line break of these bodies has a CJK character or a dash on one side: dropped.
    assert.deepEqual(
      body.pages,
      bodies.map((text) => text.replace(/\n/g, '')),
    );
    for (const key of ['|', '装', '订', '线', '毕业设计（论文）']) assert.ok(furniture.keys.has(key), key);
  });

  it('draws a quote across the page break on the words of both pages, never on the margin', () => {
    const doc = new DocumentText(pages);
    const text = doc.body.doc.text;
    const quote = '并讨论其稳定性。波动方程';
    const at = text.indexOf(quote);
    assert.ok(at >= 0, text.slice(0, 80));
    const parts = doc.body.rawParts(at, at + quote.length);
    assert.deepEqual(
      parts.map((part) => (doc.pages[part.page] as string).slice(part.start, part.end)),
      ['并讨论其稳定性。', '波动方程'],
    );
  });

  it('brings a stored quote written across the margin into the body’s form', () => {
    const raw = `其稳定性。\n共 5 页 第 1 页\n${bindingMargin(8)}毕业设计（论文）\n波动方程`;
    assert.equal(toBodyForm(raw, detectFurniture(pages).keys), '其稳定性。波动方程');
  });

  it('leaves out a header the extraction ran together with the text after it, and keeps that text', () => {
    // pdf.js reads 毕业设计（论文）A on the real thesis's page 10: a figure's label on the header's baseline.
    const joined = pages.map((page, p) => (p === 3 ? page.replace('毕业设计（论文）\n', '毕业设计（论文）A\n') : page));
    const body = buildBody(joined, detectFurniture(joined));
    // (The space: the line break after page 3's last word, 2, before A, two Latin characters.)
    assert.equal(body.pages[3], ` A${(bodies[3] as string).replace(/\n/g, '')}`);
    // A running page number (`#`) is too short to be told apart at the start of a line: 1 引言 stays.
    const numbered = bodies.map((body, p) => `${p + 1}\n毕业设计（论文）\n${body}\n`);
    assert.ok(buildBody(numbered, detectFurniture(numbered)).pages[0]?.startsWith('第一章 引言'));
    const digitFirst = numbered.map((page) => page.replace('第一章 引言', '1 引言'));
    assert.ok(buildBody(digitFirst, detectFurniture(digitFirst)).pages[0]?.startsWith('1 引言'));
  });

  it('keeps single characters at the top of a page that do not recur on most pages', () => {
    // One page of five starts with a formula letter and a bullet on lines of their own: the author's.
    const plain = bodies.map(
      (body, p) => `毕业设计（论文）\n${p === 2 ? '𝑥\n•\n' : ''}${body}\n共 5 页 第 ${p + 1} 页\n`,
    );
    const body = buildBody(plain, detectFurniture(plain));
    assert.ok(body.pages[2]?.startsWith('𝑥•1.2 列表'), body.pages[2]);
  });

  it('keeps a margin that only one page draws, and documents too short to tell', () => {
    // Line breaks between two `|` read as spaces, as between any two Latin characters.
    const start = (texts: string[]) => (buildBody(texts, detectFurniture(texts)).pages[0] ?? '').replace(/ /g, '');
    const once = bodies.map((body, p) => `${p === 0 ? bindingMargin(8) : ''}${body}\n`);
    assert.ok(start(once).startsWith('||||||||装'), start(once));
    assert.ok(start(pages.slice(0, 2)).startsWith('||||||||装'));
  });

  it('takes one character, or one repeated, for a column line; never a digit or a word', () => {
    assert.deepEqual(['|', '||', '装', '—', '𝑥', '#', '##', '装订线', 'ab', ''].map(isColumnKey), [
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
