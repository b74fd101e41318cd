/**
 * Text of the review demo: thesis titles, a body written for each title (the chapters, the
 * topic's 立题依据 and references), review comments and candidate names.
 */
import type { TopicFields } from '@zikao/contract';
import { EDUCATION_THESES } from './thesis-bodies/education.ts';
import { FICTION_THESES } from './thesis-bodies/fiction.ts';
import { LANGUAGE_THESES } from './thesis-bodies/language.ts';
import { POETRY_PROSE_THESES } from './thesis-bodies/poetry-prose.ts';
import { RESUBMITTED_DRAFT } from './thesis-bodies/resubmitted-draft.ts';
import { SOCIETY_THESES } from './thesis-bodies/society.ts';
import type { ThesisBody, ThesisSection } from './thesis-bodies/thesis-body.ts';

export { RESUBMITTED_DRAFT } from './thesis-bodies/resubmitted-draft.ts';
export type { ThesisBody, ThesisSection } from './thesis-bodies/thesis-body.ts';

/** The titles the review demo seeds, one thesis each, in order. */
export const DEMO_TITLES = [
  '论鲁迅小说中的知识分子形象',
  '现代汉语量词的认知语义分析',
  '《红楼梦》人物对话的语用研究',
  '乡村振兴背景下农村电商发展路径研究',
  '中学语文古诗词教学的情境创设',
  '沈从文湘西小说的地域文化特征',
  '汉语新词语的构词方式与规范问题',
  '短视频平台对青少年阅读习惯的影响',
  '张爱玲小说中的城市空间书写',
  '对外汉语教学中的成语习得偏误分析',
  '地方方言保护与传承的现状调查',
  '宋词中的季节意象研究',
  '新媒体环境下的公文写作规范',
  '老舍京味小说的语言风格',
  '小学作文教学中的评价方式改革',
  '汪曾祺散文的审美意蕴',
  '社区图书馆阅读推广活动的实践研究',
  '现代诗歌中的乡愁主题',
  '网络文学改编影视剧的叙事转换',
  '汉语敬辞谦辞的使用现状调查',
  '余华小说中的苦难叙事',
  '中职学校语文课程的职业化改革',
  '传统节日文化在校园中的传承',
  '《诗经》比兴手法的现代解读',
  '企业内部沟通中的语言策略',
  '莫言小说的民间叙事立场',
  '广告语中的修辞格运用研究',
  '农村留守儿童的语言能力发展',
  '唐代边塞诗的英雄主义精神',
  '城市公共标识语的规范化研究',
  '史铁生散文中的生命意识',
  '高校新生写作能力现状调查',
  '戏曲文化进校园的实践探索',
  '汉字简化对识字教学的影响',
  '当代散文中的故乡书写',
];

/** Every demo thesis written for its title, the resubmitted draft's first version among them. */
export const THESIS_BODIES: readonly ThesisBody[] = [
  ...FICTION_THESES,
  ...POETRY_PROSE_THESES,
  ...LANGUAGE_THESES,
  ...EDUCATION_THESES,
  ...SOCIETY_THESES,
  RESUBMITTED_DRAFT.first,
];

const BY_TITLE = new Map(THESIS_BODIES.map((body) => [body.title, body]));

/** The chapters of the resubmitted draft's first version (the demo's text before bodies per title). */
export const DEMO_TEXT: Array<{ heading: string; paragraphs: string[] }> = RESUBMITTED_DRAFT.first.sections;

/** A plain body for a title no demo thesis was written for: it at least names its subject. */
function genericBody(title: string): ThesisBody {
  return {
    title,
    rationale: `本文以“${title}”为题，结合自学期间的阅读和工作中的观察，梳理相关研究，分析主要问题并提出建议。`,
    sections: [
      {
        heading: '第一章 绪论',
        paragraphs: [
          `本文以“${title}”为研究对象。选题源于笔者在自学和工作中的观察，希望通过对相关资料的梳理和分析，对这一问题形成较为系统的认识。`,
          '本文采用文献研究与案例分析相结合的方法，先梳理已有研究，再分析主要问题，最后提出建议。',
        ],
      },
      {
        heading: '第二章 分析与讨论',
        paragraphs: [
          '围绕研究对象，本文从现状、问题和成因三个方面展开分析，力求做到材料可靠、论证有据。',
          '分析表明，这一问题既有其历史原因，也与当前的社会环境密切相关，需要从多个方面加以认识。',
        ],
      },
      {
        heading: '第三章 结论',
        paragraphs: ['本文对研究对象作了初步的分析，限于资料和能力，论述还不够深入，有待今后进一步研究。'],
      },
    ],
    references: ['[1] 中国社会科学院语言研究所词典编辑室. 现代汉语词典[M]. 7版. 北京：商务印书馆，2016.'],
  };
}

/** The demo thesis written for `title`, or a plain body naming it when none was. */
export function thesisFor(title: string): ThesisBody {
  return BY_TITLE.get(title) ?? genericBody(title);
}

/** A body's pages after the cover: its chapters, then its references as a list. */
export function sectionsOf(body: ThesisBody): ThesisSection[] {
  return [...body.sections, { heading: '参考文献', paragraphs: body.references, list: true }];
}

/** The sections of the demo thesis for `title`: 绪论 … 结论, then 参考文献. */
export function thesisBodyFor(title: string): ThesisSection[] {
  return sectionsOf(thesisFor(title));
}

/** The topic (选题) fields a candidate would have filled in for the thesis `title`. */
export function topicFieldsFor(title: string): TopicFields {
  const body = thesisFor(title);
  return {
    title,
    rationale: body.rationale,
    outline: body.sections.map((section) => section.heading).join('\n'),
    references: body.references.join('\n'),
  };
}

/** Every character a demo thesis can draw, for the PDF font subset (a generic body adds only its title's). */
export function demoTextCharacters(): string {
  const bodies = [...THESIS_BODIES, RESUBMITTED_DRAFT.second, genericBody('')];
  const text = bodies.flatMap((body) => [
    body.title,
    body.rationale,
    ...sectionsOf(body).flatMap((section) => [section.heading, ...section.paragraphs]),
  ]);
  return [...new Set([...DEMO_TITLES, ...text].join(''))].join('');
}

export const REVIEW_COMMENTS: Record<'pass' | 'revise' | 'fail', string> = {
  pass: '论文选题具有一定的理论和现实意义，结构完整，层次清楚，论据较为充分，能够运用所学知识分析问题，语言表达通顺，格式基本符合规范，同意通过。',
  revise:
    '论文选题可行，但研究现状梳理不够充分，第三章的论证缺少数据支撑，部分表述过于绝对，参考文献格式不统一。请根据批注逐条修改后重新提交。',
  fail: '论文与所选题目关联不紧密，主体部分以资料罗列为主，缺乏自己的分析和观点，结构松散，语言表达存在较多问题，未达到毕业论文的基本要求。',
};

export const STUDENT_NAMES = [
  '王晓明',
  '李婷',
  '张伟',
  '刘芳',
  '陈静',
  '杨洋',
  '赵磊',
  '黄丽',
  '周杰',
  '吴敏',
  '徐涛',
  '孙悦',
  '胡波',
  '朱琳',
  '高翔',
  '林雪',
  '何勇',
  '郭佳',
  '马超',
  '罗颖',
  '梁宇',
  '宋倩',
  '郑浩',
  '谢娜',
  '韩冰',
  '唐亮',
  '冯雨',
  '于洋',
  '董蕾',
  '萧然',
  '程诚',
  '曹阳',
  '袁媛',
  '邓辉',
  '许诺',
  '傅晴',
];
