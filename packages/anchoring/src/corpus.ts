/**
 * A seeded corpus of thesis-shaped documents and their revisions, for the tests and the benchmark:
 * Chinese body text with a table of contents and a reference list, typeset into lines and pages
 * with a running header (school + 本科毕业论文) and a footer 第 n 页 共 M 页 on every page; a
 * revision that edits about 10% of the text (light edits, deleted sentences and reference entries
 * that have near-duplicates, moved paragraphs, duplicated sentences, insertions) and is typeset
 * again with other line and page lengths, so lines and pages reflow. Every character keeps the id
 * of the original character it came from, so where an annotation lands can be judged.
 */

import { DocumentText } from './document.ts';
import { type AnchorableAnnotation, type Reanchored, reanchor } from './reanchor.ts';
import { describeTextRange } from './selectors.ts';

export type Random = () => number;

/** mulberry32: a tiny seeded PRNG. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

const SCHOOLS = ['华东师范大学', '江西财经大学', '湖南大学', '西南交通大学', '广东外语外贸大学', '郑州大学'];
const SUBJECTS =
  '本文 本研究 该模型 实验结果 问卷调查 现有文献 自学考试制度 在线学习平台 企业财务管理 供应链协同 乡村振兴战略 数字化转型 绩效考核体系 样本数据 回归分析 案例企业 课程思政建设 基层治理'.split(
    ' ',
  );
const VERBS = '分析了 探讨了 揭示了 验证了 构建了 梳理了 考察了 比较了 评估了 论证了 测算了 讨论了'.split(' ');
const OBJECTS =
  '影响因素之间的内在联系 学习者的自主学习能力 中小企业融资约束问题 内部控制的薄弱环节 区域经济发展的不平衡 消费者购买意愿的形成机制 人力资源配置效率 信息不对称带来的风险 政策执行中的偏差 教学质量评价指标 成本控制的关键路径 市场营销策略的有效性 财务风险预警模型 数据治理的制度安排'.split(
    ' ',
  );
const CLAUSES =
  '结果表明二者存在显著的正相关关系 这为后续研究提供了参考 但样本量仍然偏小 研究假设基本得到支持 这一结论与前人的发现一致 然而在不同地区之间差异明显 因此有必要建立长效机制 同时也暴露出管理上的若干问题 说明现行制度仍有改进空间 其解释力在各组之间并不稳定'.split(
    ' ',
  );
const PLACES = '东部沿海 中部六省 西南山区 长三角 珠三角 京津冀 东北老工业基地 成渝地区'.split(' ');
const HEADINGS = '绪论 文献综述 理论基础 研究设计 实证分析 案例研究 对策建议 结论与展望'.split(' ');
const SURNAMES = '王 李 张 刘 陈 杨 赵 黄 周 吴 徐 孙 马 朱 胡 郭'.split(' ');
const JOURNALS = '教育研究 中国高教研究 会计研究 管理世界 经济研究 中国成人教育 开放教育研究 财会月刊'.split(' ');
const TITLE_WORDS = '自学考试 质量保障 评价体系 影响机制 实证研究 对策分析 发展路径 比较研究 案例分析 制度创新'.split(
  ' ',
);
const WORDS = '显著 明显 初步 进一步 较为 相对 总体 主要 部分 整体'.split(' ');

/** One sentence, specific enough (numbers, places) that most are unique in a thesis. */
function sentence(random: Random): string {
  let text = `${pick(random, SUBJECTS)}${pick(random, WORDS)}${pick(random, VERBS)}${pick(random, PLACES)}${pick(random, OBJECTS)}`;
  for (let i = int(random, 0, 2); i > 0; i--) text += `，${pick(random, CLAUSES)}`;
  if (random() < 0.35) text += `，样本量为${int(random, 120, 2400)}份`;
  if (random() < 0.2) text += `[${int(random, 1, 40)}]`;
  return `${text}。`;
}

function reference(random: Random, n: number): string {
  const authors = Array.from(
    { length: int(random, 1, 3) },
    () => `${pick(random, SURNAMES)}${pick(random, SURNAMES)}明`,
  );
  const title = `${pick(random, TITLE_WORDS)}${pick(random, TITLE_WORDS)}的${pick(random, TITLE_WORDS)}`;
  const year = int(random, 2008, 2025);
  const from = int(random, 10, 120);
  return `[${n}] ${authors.join('，')}. ${title}[J]. ${pick(random, JOURNALS)}，${year}(${int(random, 1, 12)}): ${from}-${from + int(random, 4, 15)}．`;
}

/** A unit of the author's text: a paragraph, heading, TOC line or reference entry; typeset on its own lines. */
interface Block {
  kind: 'heading' | 'toc' | 'para' | 'ref';
  /** Sentences (one for headings, TOC lines and references). */
  parts: string[];
}

function thesis(random: Random, pagesWanted: number): Block[] {
  const blocks: Block[] = [{ kind: 'heading', parts: ['目录'] }];
  const chapters = HEADINGS.slice(0, int(random, 5, 8));
  chapters.forEach((title, c) => {
    blocks.push({ kind: 'toc', parts: [`第${c + 1}章 ${title}……………………${int(random, 1, 90)}`] });
  });
  blocks.push({ kind: 'toc', parts: [`参考文献……………………${int(random, 60, 99)}`] });
  const charsWanted = pagesWanted * 900;
  let chars = 0;
  chapters.forEach((title, c) => {
    blocks.push({ kind: 'heading', parts: [`第${c + 1}章 ${title}`] });
    for (let s = 1; chars < (charsWanted * (c + 1)) / chapters.length; s++) {
      blocks.push({ kind: 'heading', parts: [`${c + 1}.${s} ${pick(random, HEADINGS)}`] });
      for (let p = int(random, 2, 5); p > 0; p--) {
        const parts: string[] = [];
        for (let n = int(random, 3, 7); n > 0; n--) parts.push(sentence(random));
        // Near-duplicates: now and then a sentence repeats one a little earlier with a word changed.
        if (random() < 0.3 && parts.length > 2) {
          const source = parts[0] as string;
          parts.push(source.replace(/显著|明显|初步|进一步|较为|相对|总体|主要|部分|整体/, pick(random, WORDS)));
        }
        blocks.push({ kind: 'para', parts });
        chars += parts.join('').length;
      }
    }
  });
  blocks.push({ kind: 'heading', parts: ['参考文献'] });
  for (let n = 1; n <= 40; n++) blocks.push({ kind: 'ref', parts: [reference(random, n)] });
  return blocks;
}

/**
 * Typesets blocks into page texts as a PDF text layer reads them: one line per row ending in a line
 * break, a running header on top and a footer 第 n 页 共 M 页 at the bottom of every page. Latin
 * runs are never broken across lines (a break between Latin letters reads as a space).
 */
function typeset(blocks: readonly string[], width: number, height: number, header: string): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    let at = 0;
    while (at < block.length) {
      let end = Math.min(block.length, at + width);
      while (
        end < block.length &&
        end > at + 1 &&
        /[\x21-\x7e ]/.test(block[end - 1] as string) &&
        /[\x21-\x7e ]/.test(block[end] as string)
      )
        end--;
      lines.push(block.slice(at, end));
      at = end;
    }
  }
  const pageCount = Math.ceil(lines.length / height);
  const pages: string[] = [];
  for (let p = 0; p < pageCount; p++) {
    const body = lines.slice(p * height, (p + 1) * height);
    pages.push([header, ...body, `第 ${p + 1} 页 共 ${pageCount} 页`].map((line) => `${line}\n`).join(''));
  }
  return pages;
}

export type PassageKind = 'unchanged' | 'moved' | 'edited' | 'deleted' | 'duplicated';

export interface CorpusAnnotation extends AnchorableAnnotation {
  kind: PassageKind;
  /** Ids of the original characters the highlight covered. */
  ids: number[];
  quote: string;
}

export interface CorpusDocument {
  oldPages: string[];
  newPages: string[];
  /** Original-character id of each character of the new body text (DocumentText.body), -1 for new text. */
  newIds: Int32Array;
  /** The revision's author text; the new document's body must equal it. */
  newAuthorText: string;
  annotations: CorpusAnnotation[];
}

/** One document and its revision, with annotations of every kind. */
export function corpusDocument(
  seed: number,
  pagesWanted: number,
  perKind: Record<PassageKind, number>,
): CorpusDocument {
  const random = seeded(seed);
  const school = pick(random, SCHOOLS);
  const header = `${school}本科毕业论文`;
  const blocks = thesis(random, pagesWanted);
  // Original text with ids.
  let next = 0;
  const original = blocks.map((block) =>
    block.parts.map((part) => ({ text: part, ids: Array.from(part, () => next++) })),
  );
  const originalText = original.map((block) => block.map((p) => p.text).join('')).join('');

  // The revision: per block, per sentence.
  type Part = { text: string; ids: number[] };
  const revised: Part[][] = original.map((block) => block.map((part) => ({ text: part.text, ids: [...part.ids] })));
  const marks = new Map<number, PassageKind>(); // original id → what happened to its sentence
  const markPart = (part: Part, kind: PassageKind) => {
    for (const id of part.ids) if (id >= 0) marks.set(id, kind);
  };
  const paragraphs = revised.map((block, i) => ({ block, i })).filter(({ i }) => blocks[i]?.kind === 'para');
  const refs = revised.map((block, i) => ({ block, i })).filter(({ i }) => blocks[i]?.kind === 'ref');
  // Deleted: sentences (prefer near-duplicated ones: the last sentence of a paragraph that repeats
  // its first) and reference entries.
  const deletions: Array<{ block: Part[]; index: number }> = [];
  for (const { block } of paragraphs) {
    if (random() < 0.12) deletions.push({ block, index: block.length - 1 });
    else if (random() < 0.05) deletions.push({ block, index: int(random, 0, block.length - 1) });
  }
  for (const { block } of refs) if (random() < 0.12) deletions.push({ block, index: 0 });
  // Moved paragraphs: taken out here, put back in another chapter later.
  const moved: Part[][] = [];
  for (const { block, i } of paragraphs) {
    if (random() < 0.04 && !deletions.some((d) => d.block === block)) {
      moved.push(block.map((part) => ({ text: part.text, ids: part.ids })));
      for (const part of block) markPart(part, 'moved');
      revised[i] = [];
    }
  }
  for (const { block, index } of deletions) {
    const part = block[index];
    if (!part) continue;
    markPart(part, 'deleted');
    block.splice(index, 1);
  }
  // Duplicated: a sentence copied to the end of another paragraph farther on (new ids: it is a copy).
  for (const { block } of paragraphs) {
    if (block.length === 0 || random() >= 0.06) continue;
    const index = int(random, 0, block.length - 1);
    const part = block[index] as Part;
    if (part.ids.some((id) => marks.has(id))) continue;
    markPart(part, 'duplicated');
    // Another paragraph, as the comment says: a copy right after its own sentence, in the same
    // paragraph, is not a second place the sentence appears but the same place twice (the copy,
    // not the original, keeps the original's context), so which one is "the original" is moot.
    const drawn = paragraphs.indexOf(pick(random, paragraphs));
    const target = (
      paragraphs[drawn]?.block === block ? paragraphs[(drawn + 1) % paragraphs.length] : paragraphs[drawn]
    )?.block as Part[];
    target.push({ text: part.text, ids: part.ids.map(() => -1) });
  }
  // Light edits: 1–3 characters, punctuation, or a word, in about a tenth of the sentences left.
  for (const { block } of paragraphs) {
    for (const part of block) {
      if (random() >= 0.1 || part.ids.some((id) => id < 0 || marks.has(id))) continue;
      const where = int(random, 2, Math.max(2, part.text.length - 4));
      const kind = random();
      let removed = 0;
      let inserted = '';
      if (kind < 0.35) {
        removed = int(random, 1, 3);
        inserted = '';
      } else if (kind < 0.6) {
        removed = 1;
        inserted = pick(random, ['、', '；', '，']);
      } else {
        removed = 2;
        inserted = pick(random, WORDS);
      }
      markPart(part, 'edited');
      part.text = part.text.slice(0, where) + inserted + part.text.slice(where + removed);
      part.ids = [...part.ids.slice(0, where), ...Array.from(inserted, () => -1), ...part.ids.slice(where + removed)];
    }
  }
  // New sentences, and the moved paragraphs in their new places.
  for (const { block } of paragraphs) {
    if (block.length > 0 && random() < 0.15) {
      const added = sentence(random);
      block.splice(int(random, 0, block.length), 0, { text: added, ids: Array.from(added, () => -1) });
    }
  }
  for (const block of moved) {
    const at = int(random, Math.floor(revised.length / 2), revised.length - 45);
    revised.splice(at, 0, block);
  }

  const newBlocks = revised.filter((block) => block.length > 0);
  const newAuthorText = newBlocks.map((block) => block.map((p) => p.text).join('')).join('');
  const newIds = Int32Array.from(newBlocks.flatMap((block) => block.flatMap((p) => p.ids)));

  const oldPages = typeset(
    original.map((block) => block.map((p) => p.text).join('')),
    36,
    32,
    header,
  );
  const newPages = typeset(
    newBlocks.map((block) => block.map((p) => p.text).join('')),
    38,
    30,
    header,
  );

  // Annotations: spans of 5–60 characters within one sentence of each kind (unchanged ones anywhere
  // untouched, also across line and page breaks), described on the old document as the workspace would.
  const oldDoc = new DocumentText(oldPages);
  const body = oldDoc.body;
  if (body.doc.text !== originalText) throw new Error('corpus: the old body is not the author text');
  const sentences: Array<{ ids: number[]; kind: PassageKind }> = [];
  for (const block of original) {
    for (const part of block) {
      const kinds = new Set(part.ids.map((id) => marks.get(id) ?? 'unchanged'));
      if (kinds.size === 1) sentences.push({ ids: part.ids, kind: [...kinds][0] as PassageKind });
    }
  }
  const annotations: CorpusAnnotation[] = [];
  for (const kind of Object.keys(perKind) as PassageKind[]) {
    const pool = sentences.filter((s) => s.kind === kind && s.ids.length >= 8);
    for (let n = 0; n < perKind[kind] && pool.length > 0; n++) {
      const chosen = pool.splice(int(random, 0, pool.length - 1), 1)[0] as { ids: number[] };
      const length = Math.min(chosen.ids.length, int(random, 5, 60));
      const from = int(random, 0, chosen.ids.length - length);
      let ids = chosen.ids.slice(from, from + length);
      if (kind === 'edited') {
        // The span must hold the edit: the whole sentence when it is short, else around it.
        ids = chosen.ids.slice(0, Math.min(chosen.ids.length, 60));
      }
      const start = body.toRawRange(ids[0] as number, (ids[0] as number) + 1)[0];
      const end = body.toRawRange(ids.at(-1) as number, (ids.at(-1) as number) + 1)[1];
      annotations.push({
        id: `${seed}-${kind}-${n}`,
        kind,
        ids,
        quote: originalText.slice(ids[0] as number, (ids.at(-1) as number) + 1),
        target: describeTextRange(oldDoc, start, end),
      });
    }
  }
  return { oldPages, newPages, newIds, newAuthorText, annotations };
}

export interface KindScore {
  total: number;
  /** On the right text: overlapping the surviving original characters (for duplicates, the original copy). */
  right: number;
  /** Unchanged: placed on the same characters exactly. */
  exact: number;
  orphaned: number;
  /** Placed (not orphaned) on text that holds none of the original characters. */
  wrong: number;
  /** Orphans offered at least one candidate. */
  withCandidates: number;
}

export interface CorpusScore {
  documents: number;
  pages: number;
  chars: number;
  annotations: number;
  kinds: Record<PassageKind, KindScore>;
  silentWrong: number;
}

/** Re-anchors every document's annotations on its revision and scores each kind of passage. */
export function scoreCorpus(documents: readonly CorpusDocument[]): CorpusScore {
  const kinds = {} as Record<PassageKind, KindScore>;
  for (const kind of ['unchanged', 'moved', 'edited', 'deleted', 'duplicated'] as const) {
    kinds[kind] = { total: 0, right: 0, exact: 0, orphaned: 0, wrong: 0, withCandidates: 0 };
  }
  let pages = 0;
  let chars = 0;
  let count = 0;
  for (const document of documents) {
    const newDoc = new DocumentText(document.newPages);
    if (newDoc.body.doc.text !== document.newAuthorText) throw new Error('corpus: the new body is not the author text');
    const report = reanchor(newDoc, document.annotations, { previous: new DocumentText(document.oldPages) });
    pages += document.oldPages.length;
    chars += document.oldPages.reduce((n, p) => n + p.length, 0);
    report.results.forEach((result: Reanchored, i) => {
      const annotation = document.annotations[i] as CorpusAnnotation;
      const score = kinds[annotation.kind];
      score.total++;
      count++;
      if (result.status === 'orphaned') {
        score.orphaned++;
        if (result.candidates.length > 0) score.withCandidates++;
        return;
      }
      if (result.anchor?.kind !== 'text') return;
      const body = newDoc.body;
      const from = body.toBody(result.anchor.start);
      const to = body.toBody(result.anchor.end);
      const wanted = new Set(annotation.ids);
      let hits = 0;
      for (let b = from; b < to; b++) if (wanted.has(document.newIds[b] as number)) hits++;
      if (hits > 0) score.right++;
      else score.wrong++;
      if (annotation.kind === 'unchanged' && hits === annotation.ids.length && to - from === annotation.ids.length) {
        score.exact++;
      }
    });
  }
  const silentWrong = Object.values(kinds).reduce((n, k) => n + k.wrong, 0);
  return { documents: documents.length, pages, chars, annotations: count, kinds, silentWrong };
}

/** The corpus of the shape: 24 documents of 33–98 pages. */
export function thesisCorpus(documents = 24, seed = 2026): CorpusDocument[] {
  const random = seeded(seed);
  return Array.from({ length: documents }, (_, i) =>
    corpusDocument(seed * 100 + i, int(random, 33, 98), {
      unchanged: 30,
      moved: 8,
      edited: 12,
      deleted: 12,
      duplicated: 8,
    }),
  );
}
