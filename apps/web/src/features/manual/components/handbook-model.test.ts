import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { filterSections, parseHandbook, plainText, searchTerms, slugify } from './handbook-model.ts';

const CHAPTERS = [
  '前言不算。\n## 登录与首页 {#sign-in}\n开头。\n### 登录 {#sign-in-login}\n用**手机号**登录。\n```\n## 代码里的井号不是标题\n```\n',
  '## 常用批注语\n按 `Alt + 1` 插入。\n### 使用\n![公共评语库](images/comment-bank.png)\n### 使用\n[批注核对](#carried-over)\n',
];

describe('parseHandbook', () => {
  const sections = parseHandbook(CHAPTERS);

  it('cuts chapters at ## and ### headings, ignoring text before the first and headings in code', () => {
    assert.deepEqual(
      sections.map((section) => [section.id, section.level, section.title, section.chapterId]),
      [
        ['sign-in', 2, '登录与首页', 'sign-in'],
        ['sign-in-login', 3, '登录', 'sign-in'],
        ['常用批注语', 2, '常用批注语', '常用批注语'],
        ['使用', 3, '使用', '常用批注语'],
        ['使用-2', 3, '使用', '常用批注语'],
      ],
    );
    assert.match(sections[1]?.body ?? '', /## 代码里的井号不是标题/);
    assert.doesNotMatch(sections[0]?.body ?? '', /前言/);
  });

  it('keeps written ids and makes repeated ones unique', () => {
    const ids = sections.map((section) => section.id);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(parseHandbook(['## 盲审 {#blind-review}'])[0]?.title, '盲审');
  });

  it('searches plain text: image alt and link texts, no Markdown syntax', () => {
    assert.match(sections[3]?.searchText ?? '', /公共评语库/);
    assert.doesNotMatch(sections[3]?.searchText ?? '', /images/);
    assert.match(sections[4]?.searchText ?? '', /批注核对/);
    assert.doesNotMatch(sections[4]?.searchText ?? '', /carried-over/);
    assert.equal(plainText('用**手机号**登录，按 `H`'), '用 手机号 登录，按 H');
  });
});

describe('slugify', () => {
  it('keeps Chinese, letters and digits, drops punctuation, joins words with dashes', () => {
    assert.equal(slugify('评阅链接与复核'), '评阅链接与复核');
    assert.equal(slugify('登录过期？（常见问题）'), '登录过期-常见问题');
    assert.equal(slugify('  Word 转换 PDF  '), 'word-转换-pdf');
    assert.equal(slugify('？！'), 'section');
  });
});

describe('search', () => {
  const sections = parseHandbook([
    '## 批注 {#annotate}\n选中文字添加批注。\n### 快捷键 {#keys}\n按 Ctrl + Z 撤销。\n',
    '## 盲审 {#blind}\n不显示考生姓名。\n### 考生 {#blind-student}\n考生只看到评阅教师。\n',
  ]);

  it('splits a query at ASCII and full-width spaces, lower-cases and folds full-width letters', () => {
    assert.deepEqual(searchTerms('  盲审\u3000考生  ＣＴＲＬ '), ['盲审', '考生', 'ctrl']);
    assert.deepEqual(searchTerms('   '), []);
  });

  it('shows everything for an empty query', () => {
    assert.equal(filterSections(sections, '').shown.length, sections.length);
  });

  it('keeps sections holding every word, each with its chapter heading for context', () => {
    const result = filterSections(sections, 'ctrl 撤销');
    assert.deepEqual([...result.matches], ['keys']);
    assert.deepEqual(
      result.shown.map((section) => section.id),
      ['annotate', 'keys'],
    );
  });

  it('matches Chinese without word breaks and needs every word', () => {
    assert.deepEqual([...filterSections(sections, '评阅教师').matches], ['blind-student']);
    assert.deepEqual([...filterSections(sections, '考生').matches], ['blind', 'blind-student']);
    assert.deepEqual([...filterSections(sections, '考生 撤销').matches], []);
    assert.deepEqual(filterSections(sections, '不存在的词').shown, []);
  });
});
