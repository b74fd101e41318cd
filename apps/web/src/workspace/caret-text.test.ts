import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockEnds, CaretModel, type CaretState, pageOfOffset } from './caret-text.ts';

function model(pages: string[]) {
  const starts: number[] = [];
  let offset = 0;
  for (const page of pages) {
    starts.push(offset);
    offset += page.length;
  }
  starts.push(offset);
  return new CaretModel({ text: pages.join(''), pageStarts: starts });
}

const slice = (m: CaretModel, s: CaretState) =>
  m.source.text.slice(Math.min(s.anchor, s.focus), Math.max(s.anchor, s.focus));
const plain = { shift: false, word: false };
const shift = { shift: true, word: false };

describe('sentences', () => {
  it('ends sentences at Chinese and Western stops, keeping closing quotes with them', () => {
    const m = model(['他说：“研究很重要。”然后离开了！这是第三句？最后一句']);
    const texts = m.sentences.map(([s, e]) => m.source.text.slice(s, e));
    assert.deepEqual(texts, ['他说：“研究很重要。”', '然后离开了！', '这是第三句？', '最后一句']);
  });

  it('never runs a sentence across a page break, where running headers and footers sit', () => {
    const m = model(['第一页的句子没有写完，接着', '第二页继续写。']);
    const texts = m.sentences.map(([s, e]) => m.source.text.slice(s, e));
    assert.deepEqual(texts, ['第一页的句子没有写完，接着', '第二页继续写。']);
  });

  it('keeps a short heading line apart from the paragraph after it', () => {
    const line = '本研究以自学考试毕业论文评阅为对象分析批注的作用与方法';
    const page = `第一章 绪论\n${line}\n${line}\n${line}。\n`;
    const m = model([page]);
    const texts = m.sentences.map(([s, e]) => m.source.text.slice(s, e));
    assert.equal(texts[0], '第一章 绪论');
    assert.equal(texts[1]?.startsWith(line), true);
    assert.ok(blockEnds(m.source).includes('第一章 绪论'.length));
  });
});

describe('moving with the keyboard', () => {
  const m = model(['第一句话。第二句，有个分句。第三句。']);

  it('selects the sentence a caret sits in, then the next and the previous ones', () => {
    let state: CaretState = { anchor: 0, focus: 0 };
    state = m.move(state, 'ArrowDown', plain);
    assert.equal(slice(m, state), '第一句话。');
    state = m.move(state, 'ArrowDown', plain);
    assert.equal(slice(m, state), '第二句，有个分句。');
    state = m.move(state, 'ArrowDown', plain);
    assert.equal(slice(m, state), '第三句。');
    state = m.move(state, 'ArrowDown', plain);
    assert.equal(slice(m, state), '第三句。');
    state = m.move(state, 'ArrowUp', plain);
    assert.equal(slice(m, state), '第二句，有个分句。');
  });

  it('extends and shrinks a selection by characters and by sentences with Shift', () => {
    let state = m.move({ anchor: 0, focus: 0 }, 'ArrowDown', plain);
    state = m.move(state, 'ArrowLeft', shift);
    assert.equal(slice(m, state), '第一句话');
    state = m.move(state, 'ArrowDown', shift);
    assert.equal(slice(m, state), '第一句话。', 'first to the end of the sentence the focus is in');
    state = m.move(state, 'ArrowDown', shift);
    assert.equal(slice(m, state), '第一句话。第二句，有个分句。');
    state = m.move(state, 'ArrowUp', shift);
    assert.equal(slice(m, state), '第一句话。');
  });

  it('moves by clause with Ctrl and collapses a selection to its side without Shift', () => {
    let state: CaretState = { anchor: 5, focus: 5 };
    state = m.move(state, 'ArrowRight', { shift: true, word: true });
    assert.equal(slice(m, state), '第二句，');
    state = m.move(state, 'ArrowRight', plain);
    assert.deepEqual(state, { anchor: 9, focus: 9 });
    state = m.move(state, 'ArrowLeft', plain);
    assert.deepEqual(state, { anchor: 8, focus: 8 });
  });

  it('goes to the start and end of the sentence with Home and End, and never past the text', () => {
    const state = m.move({ anchor: 7, focus: 7 }, 'End', shift);
    assert.equal(slice(m, state), '句，有个分句。');
    assert.deepEqual(m.move({ anchor: 7, focus: 7 }, 'Home', plain), { anchor: 5, focus: 5 });
    assert.deepEqual(m.move({ anchor: 0, focus: 0 }, 'ArrowLeft', plain), { anchor: 0, focus: 0 });
    const last = m.length;
    assert.deepEqual(m.move({ anchor: last, focus: last }, 'ArrowRight', plain), { anchor: last, focus: last });
  });

  it('steps over line breaks, which have no glyph to show a caret at', () => {
    const lines = model(['第一行\n第二行']);
    assert.deepEqual(lines.move({ anchor: 3, focus: 3 }, 'ArrowRight', plain), { anchor: 5, focus: 5 });
    assert.deepEqual(lines.move({ anchor: 4, focus: 4 }, 'ArrowLeft', plain), { anchor: 2, focus: 2 });
  });
});

describe('pageOfOffset', () => {
  it('finds the page of an offset, and the earlier page for an offset that ends it', () => {
    const starts = [0, 10, 20];
    assert.equal(pageOfOffset(starts, 0), 0);
    assert.equal(pageOfOffset(starts, 10), 1);
    assert.equal(pageOfOffset(starts, 10, true), 0);
    assert.equal(pageOfOffset(starts, 20), 1);
  });
});
