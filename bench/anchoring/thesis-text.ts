/** Deterministic thesis-like Chinese text, and edits of it, for the anchoring benchmark. */

export type Random = () => number;

/** mulberry32: a tiny seeded PRNG, so every run sees the same document. */
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

export function integer(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const subjects = [
  '本文',
  '本研究',
  '该模型',
  '实验结果',
  '问卷调查',
  '现有文献',
  '自学考试制度',
  '高等教育自学考试',
  '在线学习平台',
  '企业财务管理',
  '供应链协同',
  '乡村振兴战略',
  '数字化转型',
  '绩效考核体系',
  '样本数据',
  '回归分析',
  '案例企业',
  '课程思政建设',
];
const adverbs = ['进一步', '首先', '系统地', '初步', '深入', '有效地', '从理论上', '在一定程度上', '客观上', '综合'];
const verbs = ['分析了', '探讨了', '揭示了', '验证了', '构建了', '梳理了', '考察了', '比较了', '评估了', '论证了'];
const objects = [
  '影响因素之间的内在联系',
  '学习者的自主学习能力',
  '中小企业融资约束问题',
  '内部控制的薄弱环节',
  '区域经济发展的不平衡',
  '消费者购买意愿的形成机制',
  '人力资源配置效率',
  '信息不对称带来的风险',
  '政策执行中的偏差',
  '教学质量评价指标',
  '成本控制的关键路径',
  '市场营销策略的有效性',
  '基层治理能力现代化',
  '财务风险预警模型',
];
const clauses = [
  '结果表明二者存在显著的正相关关系',
  '这为后续研究提供了参考',
  '但样本量仍然偏小',
  '其解释力达到了百分之六十以上',
  '从而弥补了已有研究的不足',
  '并据此提出了相应的对策建议',
  '研究假设基本得到支持',
  '这一结论与前人的发现一致',
  '然而在不同地区之间差异明显',
  '因此有必要建立长效机制',
  '同时也暴露出管理上的若干问题',
  '说明现行制度仍有改进空间',
];
const connectives = ['，', '，', '；', '，并且', '，其中', '，进而'];
const headings = ['绪论', '文献综述', '理论基础', '研究设计', '实证分析', '案例研究', '对策建议', '结论与展望'];
const terms = ['SPSS 26.0', 'Likert五级量表', 'BP神经网络', 'SWOT分析', 'AHP层次分析法', 'DEA模型', 'Cronbach α系数'];

export function sentence(random: Random): string {
  let text = `${pick(random, subjects)}${pick(random, adverbs)}${pick(random, verbs)}${pick(random, objects)}`;
  const extra = integer(random, 0, 2);
  for (let i = 0; i < extra; i++) text += `${pick(random, connectives)}${pick(random, clauses)}`;
  if (random() < 0.15) text += `（采用${pick(random, terms)}，N=${integer(random, 120, 2400)}）`;
  if (random() < 0.2) text += `[${integer(random, 1, 86)}]`;
  return `${text}。`;
}

/** One page of about 1,500–2,000 characters, sometimes opening a section. */
export function page(random: Random, index: number): string {
  const target = integer(random, 1500, 2000);
  let text = '';
  if (random() < 0.15) text += `第${integer(random, 1, 8)}章 ${pick(random, headings)}\n`;
  if (random() < 0.3) text += `${integer(random, 1, 8)}.${integer(random, 1, 6)} ${pick(random, headings)}\n`;
  while (text.length < target) text += random() < 0.08 ? `${sentence(random)}\n` : sentence(random);
  return `${text}\n— ${index + 1} —\n`;
}

export interface Edit {
  /** Old page-local offset where the edit starts, and how many old characters it removes. */
  at: number;
  removed: number;
  inserted: string;
}

/**
 * Edits about `share` of a page's characters: insertions of a clause, deletions and substitutions,
 * spread evenly. Returns the new page and the edits, ascending and non-overlapping.
 */
export function editPage(random: Random, text: string, share: number): { text: string; edits: Edit[] } {
  const edits: Edit[] = [];
  const budget = text.length * share;
  let touched = 0;
  let cursor = integer(random, 0, 120);
  const averageGap = 110;
  while (cursor < text.length && touched < budget) {
    const kind = random();
    const length = integer(random, 2, 24);
    let edit: Edit;
    if (kind < 0.35) edit = { at: cursor, removed: 0, inserted: sentence(random).slice(0, length) };
    else if (kind < 0.65) edit = { at: cursor, removed: Math.min(length, text.length - cursor), inserted: '' };
    else
      edit = {
        at: cursor,
        removed: Math.min(length, text.length - cursor),
        inserted: sentence(random).slice(0, length),
      };
    edits.push(edit);
    touched += Math.max(edit.removed, edit.inserted.length);
    cursor += edit.removed + integer(random, averageGap / 2, averageGap * 1.5);
  }
  let out = '';
  let from = 0;
  for (const edit of edits) {
    out += text.slice(from, edit.at) + edit.inserted;
    from = edit.at + edit.removed;
  }
  return { text: out + text.slice(from), edits };
}

/** Where an old page-local offset is in the new page, or -1 when its character was removed. */
export function mapOffset(edits: readonly Edit[], offset: number): number {
  let shift = 0;
  for (const edit of edits) {
    if (offset < edit.at) break;
    if (offset < edit.at + edit.removed) return -1;
    shift += edit.inserted.length - edit.removed;
  }
  return offset + shift;
}
