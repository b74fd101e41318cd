import assert from 'node:assert/strict';
import { it } from 'node:test';
import { highlightTerms, splitByTerms } from './highlight-terms.ts';

it('marks every occurrence, longest term first, case-insensitively', () => {
  assert.deepEqual(splitByTerms('常用批注语和批注，PDF 与 pdf', ['批注', '常用批注语', 'pdf']), [
    { text: '常用批注语', marked: true },
    { text: '和', marked: false },
    { text: '批注', marked: true },
    { text: '，', marked: false },
    { text: 'PDF', marked: true },
    { text: ' 与 ', marked: false },
    { text: 'pdf', marked: true },
  ]);
  assert.deepEqual(splitByTerms('没有', ['批注']), [{ text: '没有', marked: false }]);
});

it('treats the terms as text, not patterns', () => {
  assert.deepEqual(splitByTerms('按 ? 键，不是 a+b', ['?', 'a+b']), [
    { text: '按 ', marked: false },
    { text: '?', marked: true },
    { text: ' 键，不是 ', marked: false },
    { text: 'a+b', marked: true },
  ]);
});

it('wraps matches in <mark> elements inside the tree, leaving the rest alone', () => {
  const tree = {
    type: 'root',
    children: [
      {
        type: 'element',
        tagName: 'p',
        properties: {},
        children: [
          { type: 'text', value: '打开盲审论文' },
          { type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: '盲审' }] },
        ],
      },
    ],
  };
  highlightTerms(['盲审'])(tree);
  const paragraph = tree.children[0] as { children: unknown[] };
  assert.deepEqual(paragraph.children, [
    { type: 'text', value: '打开' },
    { type: 'element', tagName: 'mark', properties: {}, children: [{ type: 'text', value: '盲审' }] },
    { type: 'text', value: '论文' },
    {
      type: 'element',
      tagName: 'code',
      properties: {},
      children: [{ type: 'element', tagName: 'mark', properties: {}, children: [{ type: 'text', value: '盲审' }] }],
    },
  ]);
});
