import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnnotationDto } from '@zikao/contract/annotation';
import { DELETE_COLOR, INSERT_COLOR, markName, suggestionView, textMarkLayer } from './mark-style.ts';

const quote = (exact: string): AnnotationDto['selectors'] => [{ type: 'TextQuoteSelector', exact }];

describe('mark style', () => {
  it('draws each text mark its own way', () => {
    assert.deepEqual(textMarkLayer('highlight', '#1677ff'), {
      fill: 'rgba(22, 119, 255, 0.32)',
      line: null,
      lineColor: '#1677ff',
      caret: false,
      callout: false,
    });
    const underline = textMarkLayer('underline', '#389e0d');
    assert.equal(underline.fill, null, 'an underline leaves the words clear');
    assert.equal(underline.line, 'under');
    assert.equal(underline.lineColor, '#389e0d', 'in the category colour');
    const strike = textMarkLayer('strikeout', '#389e0d');
    assert.equal(strike.line, 'through');
    assert.equal(strike.lineColor, DELETE_COLOR, 'a deletion is struck in red whatever the category');
    const replace = textMarkLayer('replace', '#389e0d');
    assert.equal(replace.line, 'through');
    assert.equal(replace.callout, true);
    const insert = textMarkLayer('insert', '#389e0d');
    assert.equal(insert.caret, true);
    assert.equal(insert.line, null, 'the quote of an insert is context, not changed');
    assert.equal(insert.lineColor, INSERT_COLOR);
  });

  it('reads a suggestion as 原文 → 建议', () => {
    assert.deepEqual(suggestionView({ kind: 'replace', selectors: quote('研究  方法'), suggestion: '研究方案' }), {
      kind: 'replace',
      original: '研究  方法',
      suggestion: '研究方案',
      sentence: '将「研究 方法」改为「研究方案」',
    });
    assert.equal(suggestionView({ kind: 'strikeout', selectors: quote('冗余') })?.sentence, '删除「冗余」');
    assert.equal(
      suggestionView({ kind: 'insert', selectors: quote('本文研究了'), suggestion: '自考' })?.sentence,
      '在「本文研究了」后插入「自考」',
    );
    assert.equal(suggestionView({ kind: 'highlight', selectors: quote('x') }), null);
    assert.equal(suggestionView({ kind: 'arrow', selectors: [] }), null);
  });

  it('names marks for screen readers, keeping 批注 N for highlights', () => {
    assert.equal(markName({ kind: 'highlight', selectors: quote('x') }, 3), '批注 3');
    assert.equal(
      markName({ kind: 'replace', selectors: quote('方法'), suggestion: '方案' }, 2),
      '修改建议 2：原文「方法」改为「方案」',
    );
    assert.equal(markName({ kind: 'strikeout', selectors: quote('冗余的') }, 1), '删除建议 1：删除「冗余的」');
    assert.equal(
      markName(
        { kind: 'insert', selectors: quote('一二三四五六七八九十一二三四五六七八九十末尾'), suggestion: '新' },
        4,
      ),
      '插入建议 4：在「…三四五六七八九十一二三四五六七八九十末尾」后插入「新」',
    );
    assert.equal(markName({ kind: 'arrow', selectors: [] }, 5), '箭头 5');
    assert.equal(markName({ kind: 'pen', selectors: [] }, 6), '画笔 6');
    const long = 'a'.repeat(100);
    assert.ok(markName({ kind: 'underline', selectors: quote(long) }, 1).endsWith('…」'), 'long quotes are cut');
  });
});
