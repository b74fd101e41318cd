import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { DocumentText, describeTextRange } from '@zikao/anchoring';
import type { AnnotationCategory, AnnotationInput, AnnotationSeverity } from '@zikao/contract';
import { Role } from '@zikao/contract';
import type { PracticeDifficulty } from '@zikao/contract/practice';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AnnotationService } from '../documents/annotation/annotation.service.ts';
import type { DocumentService } from '../documents/document/document.service.ts';
import { UploadRepository } from '../documents/upload/upload.repository.ts';
import type { SessionUser } from '../shared/request-context.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { PracticeService } from '../teaching/practice/practice.service.ts';
import type { PracticeConsoleService } from '../teaching/practice/practice-console.service.ts';
import { createPdfMaker, type DemoThesis } from './review-pdf.ts';

interface Point {
  phrase: string;
  category: AnnotationCategory;
  severity: AnnotationSeverity;
  comment: string;
  /**
   * The expert's mark (issue 24): a highlight unless named. replace and insert carry `suggestion`;
   * an ellipse is drawn round the phrase where the PDF has it.
   */
  kind?: 'underline' | 'strikeout' | 'replace' | 'insert' | 'ellipse';
  suggestion?: string;
}

interface PracticeText {
  title: string;
  majorName: string;
  difficulty: PracticeDifficulty;
  tags: string[];
  description: string;
  sections: DemoThesis['sections'];
  points: Point[];
}

/** Four practice theses, each written with the flaws its expert marks. */
const THESES: PracticeText[] = [
  {
    title: '网络流行语对中学生语言表达的影响',
    majorName: '汉语言文学',
    difficulty: 'basic',
    tags: ['论证', '语言规范'],
    description: '入门练习：找出论证不足和表述不当之处，每处说明理由。',
    sections: [
      {
        heading: '第一章 绪论',
        paragraphs: [
          '网络流行语已经完全取代了中学生的日常用语，这是每个人都能看到的事实。本文通过观察身边同学的交流，讨论网络流行语带来的变化。',
          '本文的研究方法是随便找几位同学聊天，记录他们使用的流行语，然后得出结论。',
        ],
      },
      {
        heading: '第二章 影响分析',
        paragraphs: [
          '流行语使中学生的表达更加生动，也使他们的书面语出现了口语化倾向。有老师指出，作文中出现“yyds”一类表达的情况越来越多。',
          '根据调查，百分之九十的学生每天都使用流行语，但本文没有说明调查对象的数量和抽样方式。',
        ],
      },
    ],
    points: [
      {
        phrase: '已经完全取代了中学生的日常用语',
        category: 'language',
        severity: 'major',
        comment: '表述绝对化，缺少依据，应改为有限定的判断。',
      },
      {
        phrase: '随便找几位同学聊天',
        category: 'content',
        severity: 'critical',
        comment: '研究方法不规范：样本选取随意，无法支撑结论。',
      },
      {
        phrase: '有老师指出',
        category: 'citation',
        severity: 'minor',
        comment: '引述来源不明，应注明出处或访谈信息。',
      },
      {
        phrase: '百分之九十的学生每天都使用流行语',
        category: 'content',
        severity: 'major',
        comment: '数据没有来源和样本说明，可信度不足。',
      },
    ],
  },
  {
    title: '乡村振兴背景下农村电商发展路径研究',
    majorName: '工商管理',
    difficulty: 'intermediate',
    tags: ['结构', '数据'],
    description: '进阶练习：注意章节安排、数据引用和结论是否与论证对应。',
    sections: [
      {
        heading: '第一章 研究背景',
        paragraphs: [
          '农村电商是乡村振兴的重要抓手。近年来各地纷纷建设电商服务站，农产品网络零售额逐年增长。',
          '本章先提出对策建议，再在第三章介绍研究背景，以便读者尽早了解结论。',
        ],
      },
      {
        heading: '第二章 现状与问题',
        paragraphs: [
          '调查显示，农村电商的物流成本比城市高出许多，冷链设施不足导致生鲜产品损耗严重。',
          '据统计，某县电商交易额达到三百亿元（数据来源：网络）。',
          '因此，只要加大财政投入，农村电商的所有问题都会迎刃而解。',
        ],
      },
    ],
    points: [
      {
        phrase: '本章先提出对策建议，再在第三章介绍研究背景',
        category: 'structure',
        severity: 'major',
        comment: '章节顺序颠倒：对策应在现状与问题分析之后提出。',
      },
      {
        phrase: '比城市高出许多',
        category: 'content',
        severity: 'minor',
        comment: '“高出许多”缺少具体数据，应给出比较数值。',
      },
      {
        phrase: '（数据来源：网络）',
        category: 'citation',
        severity: 'major',
        comment: '数据来源不规范，应注明具体出处和年份。',
      },
      {
        phrase: '所有问题都会迎刃而解',
        category: 'content',
        severity: 'critical',
        comment: '结论过度推断，与前文论证不对应。',
      },
    ],
  },
  {
    title: '新媒体环境下的公文写作规范',
    majorName: '汉语言文学',
    difficulty: 'hard',
    tags: ['写作规范', '格式'],
    description: '困难练习：公文格式与用语细节较多，请逐段检查。',
    sections: [
      {
        heading: '第一章 引言',
        paragraphs: [
          '公文是党政机关实施领导、履行职能的重要工具，新媒体的发展给公文写作带来了新的要求。',
          '笔者认为公文完全可以使用网络语言，这样更加亲切，群众也更喜欢看。',
        ],
      },
      {
        heading: '第二章 常见问题',
        paragraphs: [
          '部分单位的通知标题写作“关于召开会议的的通知”，出现了重复用字。',
          '公文的发文字号应当由机关代字、年份和序号组成，年份应使用六角括号。',
          '参考文献［1］党政机关公文处理工作条例，没有注明发布机关和时间。',
        ],
      },
    ],
    points: [
      {
        phrase: '公文完全可以使用网络语言',
        category: 'content',
        severity: 'critical',
        comment: '观点与公文语体要求相悖，缺乏论证。',
      },
      {
        phrase: '会议的的通知',
        category: 'language',
        severity: 'minor',
        comment: '重复用字。',
        kind: 'replace',
        suggestion: '会议的通知',
      },
      {
        phrase: '笔者认为',
        category: 'format',
        severity: 'minor',
        comment: '学术论文宜用“本文认为”，避免第一人称口吻。',
        kind: 'replace',
        suggestion: '本文认为',
      },
      {
        phrase: '没有注明发布机关和时间',
        category: 'citation',
        severity: 'major',
        comment: '参考文献著录不完整，应按国家标准补全。',
        kind: 'underline',
      },
      {
        phrase: '年份应使用六角括号',
        category: 'structure',
        severity: 'minor',
        comment: '这是规范要求而非“常见问题”，放在本章不合适，应移至规范要求部分。',
        kind: 'ellipse',
      },
    ],
  },
  {
    title: '现代汉语量词的认知语义分析',
    majorName: '汉语言文学',
    difficulty: 'intermediate',
    tags: ['语义', '论证'],
    description: '进阶练习：关注概念界定与例证是否充分。',
    sections: [
      {
        heading: '第一章 概念界定',
        paragraphs: [
          '量词是汉语的重要特点之一，本文所说的量词不作界定，读者可以自行理解。',
          '认知语言学认为，量词的选择反映了人们对事物形状和功能的认识。',
        ],
      },
      {
        heading: '第二章 例证分析',
        paragraphs: [
          '例如“一条鱼”“一条河”“一条新闻”，都体现了长条形的意象，这一点毫无疑问。',
          '量词“张”多用于平面的事物，如一张纸、一张桌子，本文只举了两个例子就得出结论。',
        ],
      },
    ],
    points: [
      {
        phrase: '本文所说的量词不作界定',
        category: 'content',
        severity: 'critical',
        comment: '核心概念未界定，后文分析失去基础。',
      },
      {
        phrase: '这一点毫无疑问',
        category: 'language',
        severity: 'minor',
        comment: '主观断言，学术表达应有论据支撑。',
        kind: 'strikeout',
      },
      {
        phrase: '本文只举了两个例子就得出结论',
        category: 'content',
        severity: 'major',
        comment: '例证不足，结论缺少普遍性。',
      },
    ],
  },
];

/** The demo markers: the demo teacher and reviewer, and four trainees for the console's statistics. */
const TRAINEES = ['周晓雯', '吴建国', '郑丽华', '孙志强'];

const DAY = 86_400_000;

/** The `count`-th place of a phrase in the extracted text, line breaks allowed between its characters. */
function findPhrase(text: string, phrase: string): { start: number; end: number } {
  const pattern = new RegExp([...phrase].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\n?'));
  const match = pattern.exec(text);
  if (!match) throw new Error(`practice demo: ${phrase} not found`);
  return { start: match.index, end: match.index + match[0].length };
}

function highlightOf(doc: DocumentText, point: Point, comment = point.comment): AnnotationInput {
  const { start, end } = findPhrase(doc.text, point.phrase);
  const selectors = describeTextRange(doc, start, end);
  return {
    id: randomUUID(),
    kind: 'highlight',
    category: point.category,
    severity: point.severity,
    comment,
    stamp: null,
    pageIndex: selectors[2].index,
    selectors,
  };
}

/** A page's size and text boxes as the document service extracted them (document_pages). */
interface PageGeometry {
  width: number;
  height: number;
  boxes: Array<[number, number, number, number, number, number]>;
}

/**
 * The point as the expert marked it (issue 24): a text mark on the phrase, its suggestion with it,
 * or an ellipse drawn round the phrase's glyphs (`outset` points wider, for a marker's rougher
 * circle), with the phrase as the text under it. Highlight when the point names no kind.
 */
function markOf(doc: DocumentText, pages: readonly PageGeometry[], point: Point, comment = point.comment, outset = 0) {
  const input = highlightOf(doc, point, comment);
  if (point.kind === undefined) return input;
  if (point.kind !== 'ellipse') {
    return { ...input, kind: point.kind, ...(point.suggestion ? { suggestion: point.suggestion } : {}) };
  }
  const { start, end } = findPhrase(doc.text, point.phrase);
  const from = doc.toPageOffset(start);
  const to = doc.toPageOffset(end);
  const page = pages[from.page];
  if (!page || to.page !== from.page) throw new Error(`practice demo: ${point.phrase} is not on one page`);
  let left = Number.POSITIVE_INFINITY;
  let right = 0;
  let top = Number.POSITIVE_INFINITY;
  let bottom = 0;
  for (const [s, e, x, y, width, height] of page.boxes) {
    const a = Math.max(s, from.offset);
    const b = Math.min(e, to.offset);
    if (a >= b) continue;
    left = Math.min(left, x + (width * (a - s)) / (e - s));
    right = Math.max(right, x + (width * (b - s)) / (e - s));
    top = Math.min(top, page.height - y - height * 0.85);
    bottom = Math.max(bottom, page.height - y + height * 0.3);
  }
  if (!(right > left)) throw new Error(`practice demo: no glyphs for ${point.phrase}`);
  const pad = 6 + outset;
  const [x0, y0, x1, y1] = [left - pad, top - pad, right + pad, bottom + pad];
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const shape = {
    color: '#cf1322',
    width: 1.5,
    strokes: [
      [
        [round(x0 / page.width), round(y0 / page.height)],
        [round(x1 / page.width), round(y1 / page.height)],
      ],
    ],
  };
  const w = shape.width;
  const viewrect = [x0 - w, y0 - w, x1 - x0 + 2 * w, y1 - y0 + 2 * w].map((n) => Math.round(n * 100) / 100);
  return {
    ...input,
    kind: 'ellipse' as const,
    pageIndex: from.page,
    shape,
    selectors: [
      input.selectors[0],
      input.selectors[1],
      {
        type: 'FragmentSelector' as const,
        conformsTo: 'http://tools.ietf.org/rfc/rfc3778' as const,
        value: `page=${from.page + 1}&viewrect=${viewrect.join(',')}`,
      },
    ],
  } as AnnotationInput;
}

interface Deps {
  db: Kysely<Database>;
  storage: FileStorage;
  documents: DocumentService;
  annotations: AnnotationService;
  practice: PracticeService;
  practiceConsole: PracticeConsoleService;
}

/**
 * Annotation practice on the demo (issue 15): four published practice theses with their
 * reference points, made by the demo admin through the services as the console makes them, and
 * scored attempts by the demo teacher, the demo reviewer and four trainees, spread over the last
 * weeks, so the list, the history, the card's trend and the console's statistics show data at
 * once. The demo teacher also has one attempt in progress.
 */
export async function seedPracticeDemo(deps: Deps): Promise<void> {
  const { db, storage, documents, annotations, practice, practiceConsole } = deps;
  const sessionOf = async (account: string): Promise<SessionUser> => {
    const row = await db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirstOrThrow();
    return {
      id: row.id,
      role: row.role,
      account: row.account,
      name: row.name,
      mustChangePassword: false,
      sessionId: 0,
      row,
    };
  };
  const admin = await sessionOf('13800000004');
  const teacher = await sessionOf('13800000002');
  const reviewer = await sessionOf('13800000003');
  const trainees: SessionUser[] = [];
  for (const [i, name] of TRAINEES.entries()) {
    const account = `137000002${String(i + 1).padStart(2, '0')}`;
    const now = Date.now();
    const { id: _id, ...profile } = teacher.row;
    await db
      .insertInto('users')
      .values({
        ...profile,
        account,
        name,
        role: Role.teacher,
        demo: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    trainees.push(await sessionOf(account));
  }

  const makePdf = await createPdfMaker(
    THESES.flatMap((t) => [t.title, ...t.sections.flatMap((s) => [s.heading, ...s.paragraphs])]).join('') +
      '自学考试毕业论文批注练习用稿',
  );
  const theses: Array<{ id: number; text: PracticeText; doc: DocumentText; pages: PageGeometry[] }> = [];
  for (const text of THESES) {
    const bytes = await makePdf({
      title: text.title,
      subtitle: '自学考试毕业论文 · 批注练习用稿',
      sections: text.sections,
    });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const temp = storage.tempPath();
    await writeFile(temp, bytes);
    await storage.putTempFile(temp, sha256);
    const upload = {
      id: randomUUID().replaceAll('-', ''),
      sha256,
      ownerId: admin.id,
      name: `${text.title}.pdf`,
      kind: 'document' as const,
      size: bytes.length,
      mime: 'application/pdf',
    };
    await new UploadRepository(db).insert(upload);
    const documentId = await documents.createFromUpload(upload);
    await documents.settled(documentId);
    const thesis = await practiceConsole.create(admin, {
      documentId,
      title: text.title,
      majorName: text.majorName,
      difficulty: text.difficulty,
      tags: text.tags,
      description: text.description,
    });
    const pages = await documents.text(admin, documentId);
    const doc = new DocumentText(pages.pages.map((page) => page.text));
    const geometry = (
      await db
        .selectFrom('document_pages')
        .select(['width', 'height', 'geometry_json'])
        .where('document_id', '=', documentId)
        .orderBy('page_no')
        .execute()
    ).map((row) => ({ width: row.width, height: row.height, boxes: JSON.parse(row.geometry_json) }));
    for (const point of text.points) await annotations.save(admin, documentId, markOf(doc, geometry, point), 0);
    await practiceConsole.publish(admin, thesis.id);
    theses.push({ id: thesis.id, text, doc, pages: geometry });
  }

  /**
   * One attempt: the marker finds the points `found` marks (true: right category; 'other': a
   * different one), adds `extra` annotations of their own, submits, and the attempt is dated
   * `daysAgo` days back with `minutes` spent.
   */
  const attempt = async (
    marker: SessionUser,
    thesis: (typeof theses)[number],
    found: Array<boolean | 'other'>,
    extra: number,
    daysAgo: number,
    minutes: number,
    submit = true,
  ) => {
    const started = await practice.start(marker, thesis.id);
    for (const [i, point] of thesis.text.points.entries()) {
      const how = found[i];
      if (!how) continue;
      const category: AnnotationCategory =
        how === 'other' ? (point.category === 'content' ? 'language' : 'content') : point.category;
      // Markers highlight the words (a highlight finds a reference replace or strike-out: the kind
      // does not count, adr/023) and circle what the expert circled, a little more loosely.
      const input =
        point.kind === 'ellipse'
          ? markOf(thesis.doc, thesis.pages, { ...point, category }, '此处需要修改。', 3)
          : highlightOf(thesis.doc, { ...point, category }, '此处需要修改。');
      await annotations.save(marker, started.documentId, input, 0);
    }
    // Extra annotations on the opening words of a section: nothing the expert marked.
    for (let i = 0; i < extra; i++) {
      const section = thesis.text.sections[i % thesis.text.sections.length];
      const phrase = [...(section?.paragraphs[0] ?? '')].slice(0, 6).join('');
      const input = highlightOf(
        thesis.doc,
        { phrase, category: 'other', severity: 'minor', comment: '' },
        '表述可以再斟酌。',
      );
      await annotations.save(marker, started.documentId, input, 0);
    }
    if (!submit) return;
    await practice.submit(marker, started.id, minutes * 60_000);
    const submittedAt = Date.now() - daysAgo * DAY;
    await db
      .updateTable('practice_attempts')
      // The server caps the time spent at the wall clock since the start: a seed takes milliseconds.
      .set({ started_at: submittedAt - minutes * 60_000, submitted_at: submittedAt, time_spent_ms: minutes * 60_000 })
      .where('id', '=', started.id)
      .execute();
  };

  const [basic, village, official, measure] = theses as [
    (typeof theses)[number],
    (typeof theses)[number],
    (typeof theses)[number],
    (typeof theses)[number],
  ];
  // The demo teacher improves over four weeks.
  await attempt(teacher, basic, [true, false, false, 'other'], 2, 26, 18);
  await attempt(teacher, basic, [true, true, false, true], 1, 19, 22);
  await attempt(teacher, village, [true, 'other', true, false], 1, 12, 31);
  await attempt(teacher, measure, [true, true, 'other'], 0, 5, 16);
  await attempt(teacher, official, [true, false, false, true, false], 1, 0, 0, false);
  // The demo reviewer is steadier.
  await attempt(reviewer, basic, [true, true, true, true], 0, 21, 14);
  await attempt(reviewer, village, [true, true, true, 'other'], 0, 14, 25);
  await attempt(reviewer, official, [true, true, false, true, 'other'], 1, 7, 38);
  await attempt(reviewer, measure, [true, true, true], 1, 2, 12);
  // Trainees: the citation and format points are the ones most often missed.
  for (const [i, trainee] of trainees.entries()) {
    await attempt(trainee, basic, [true, i % 2 === 0, false, true], i % 3, 20 - i * 3, 15 + i * 4);
    await attempt(trainee, village, [true, i !== 1, false, i % 2 === 1 ? 'other' : true], 1, 15 - i * 2, 24 + i);
    await attempt(trainee, official, [true, i % 2 === 1, false, false, i === 3], 2 - (i % 2), 10 - i, 30 + i * 2);
  }
}
