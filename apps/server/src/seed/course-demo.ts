import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import type { Kysely } from 'kysely';
import { PDFDocument, rgb } from 'pdf-lib';
import subsetFont from 'subset-font';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../shared/request-context.ts';
import type { FileStorage } from '../shared/storage/storage.ts';
import type { LiveCourses } from '../teaching/live-courses.ts';
import { demoCourseSchedule } from './course-schedule.ts';

const require = createRequire(import.meta.url);
const HOUR = 3_600_000;

interface Slide {
  title: string;
  points: string[];
}

const DECKS: Record<string, Slide[]> = {
  writing: [
    { title: '毕业论文写作规范与查重要点', points: ['主讲：王老师', '自学考试毕业论文辅导 · 第一讲'] },
    { title: '一、论文的基本结构', points: ['题目、摘要与关键词', '正文：引言、论证、结论', '参考文献与致谢'] },
    { title: '二、摘要怎么写', points: ['研究问题：写清楚研究什么', '研究方法：怎样研究', '主要结论：得出什么'] },
    {
      title: '三、引用与参考文献',
      points: ['直接引用须加引号并注明出处', '参考文献按规范格式著录', '不少于十篇，近五年文献为主'],
    },
    { title: '四、查重须知', points: ['查重率须低于批次规定的上限', '转述不等于改写几个字', '引用部分同样计入比对'] },
    { title: '课堂练习', points: ['请为你的论文写一段三百字以内的摘要', '拍照上传到“学员上传”'] },
  ],
  topic: [
    { title: '选题方法与开题报告撰写', points: ['主讲：王老师', '自学考试毕业论文辅导 · 第二讲'] },
    { title: '一、好选题的三个标准', points: ['小而具体', '有材料可用', '与所学专业相关'] },
    { title: '二、开题报告的内容', points: ['选题缘由与研究意义', '国内外研究现状', '研究思路与提纲'] },
  ],
  literature: [
    { title: '文献检索与综述写作', points: ['主讲：王老师', '自学考试毕业论文辅导 · 第三讲'] },
    { title: '一、从哪里找文献', points: ['图书馆馆藏与电子资源', '学术数据库的高级检索', '顺着参考文献找文献'] },
    { title: '二、综述不是罗列', points: ['按问题归类', '比较观点异同', '指出尚待研究之处'] },
  ],
};

/** Landscape slides in Chinese, with one Noto Sans SC subset for every deck. */
async function slideMaker(): Promise<(slides: Slide[]) => Promise<Uint8Array>> {
  const text = Object.values(DECKS)
    .flatMap((deck) => deck.flatMap((slide) => [slide.title, ...slide.points]))
    .join('');
  const fontFile = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
  const font = await subsetFont(readFileSync(fontFile), `${text}0123456789/ ·•`, { targetFormat: 'truetype' });
  return async (slides) => {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const embedded = await pdf.embedFont(font);
    slides.forEach((slide, index) => {
      const page = pdf.addPage([960, 540]);
      page.drawRectangle({ x: 0, y: 470, width: 960, height: 70, color: rgb(0.09, 0.47, 1) });
      page.drawText(slide.title, { x: 48, y: 492, size: 28, font: embedded, color: rgb(1, 1, 1) });
      slide.points.forEach((point, line) => {
        page.drawText(`•  ${point}`, {
          x: 72,
          y: 390 - line * 64,
          size: 26,
          font: embedded,
          color: rgb(0.15, 0.15, 0.2),
        });
      });
      page.drawText(`${index + 1} / ${slides.length}`, {
        x: 880,
        y: 24,
        size: 14,
        font: embedded,
        color: rgb(0.5, 0.5, 0.5),
      });
    });
    return pdf.save();
  };
}

/** A small PNG (a candidate's photo of their exercise, as far as the demo goes): ruled paper. */
function ruledPaperPng(width = 480, height = 320): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const ruled = y % 32 === 0 || x === 40;
      const offset = y * row + 1 + x * 3;
      raw[offset] = ruled ? 120 : 250;
      raw[offset + 1] = ruled ? 160 : 248;
      raw[offset + 2] = ruled ? 230 : 240;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function sessionUser(db: Kysely<Database>, account: string): Promise<SessionUser | null> {
  const row = await db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
  return row
    ? { id: row.id, role: row.role, account: row.account, name: row.name, mustChangePassword: false, sessionId: 0, row }
    : null;
}

/**
 * Live courses on the demo (issue 14): the demo teacher 王老师's courses in every status (one live
 * now, upcoming ones, an ended one with its playback link, a cancelled one), one of 陈评阅's, all
 * for the demo batch and major so that the demo candidate sees them on 课程; courseware rendered
 * from generated Chinese slides; attendance and hand-ins on the live and the ended course. Made
 * through the services as the console and the board make them. The timetable is
 * `demoCourseSchedule(now)`: the same homes at any hour. Answers the live course's id, for the
 * start-up log: never a board link, whose signature opens the board (adr/028).
 */
export async function seedCourseDemo(deps: {
  db: Kysely<Database>;
  liveCourses: LiveCourses;
  storage: FileStorage;
  /** The seed's clock; the real one by default. */
  now?: number;
}): Promise<{ courses: number; liveCourseId: number | null }> {
  const { db, liveCourses, storage } = deps;
  const admin = await sessionUser(db, '13800000004');
  const teacher = await sessionUser(db, '13800000002');
  const reviewer = await sessionUser(db, '13800000003');
  const student = await sessionUser(db, '13800000001');
  if (!admin || !teacher || !reviewer || !student) return { courses: 0, liveCourseId: null };
  const batch = await db.selectFrom('batches').select('id').orderBy('id').executeTakeFirst();
  const targets = { batchIds: batch ? [batch.id] : [], majors: ['汉语言文学'] };
  const { courses, courseware } = liveCourses;
  const makeSlides = await slideMaker();
  const now = deps.now ?? Date.now();
  const schedule = demoCourseSchedule(now);

  const create = (fields: {
    title: string;
    lecturerId: number;
    startAt: number;
    endAt: number;
    streamUrl?: string;
    playbackUrl?: string;
    description?: string;
  }) =>
    courses.create(admin, {
      description: '',
      streamUrl: '',
      playbackUrl: '',
      ...targets,
      ...fields,
    });

  const live = await create({
    title: '毕业论文写作规范与查重要点',
    description: '讲解论文结构、摘要、引用规范与查重要求，课堂上完成一段摘要练习。',
    lecturerId: teacher.id,
    ...schedule.live,
    streamUrl: 'https://live.example.com/zikao/room/1001',
  });
  await courseware.addBytes(teacher, live.id, await makeSlides(DECKS.writing ?? []), '第一讲 写作规范.pdf');

  const upcoming = await create({
    title: '选题方法与开题报告撰写',
    lecturerId: teacher.id,
    ...schedule.next,
    streamUrl: 'https://live.example.com/zikao/room/1002',
  });
  await courseware.addBytes(teacher, upcoming.id, await makeSlides(DECKS.topic ?? []), '第二讲 选题与开题.pdf');
  await create({
    title: '论文答辩（复试）准备',
    lecturerId: teacher.id,
    ...schedule.defence,
  });
  await create({
    title: '论文修改与定稿',
    lecturerId: reviewer.id,
    ...schedule.revision,
  });

  const ended = await create({
    title: '文献检索与综述写作',
    lecturerId: teacher.id,
    ...schedule.ended,
    playbackUrl: 'https://vod.example.com/zikao/replay/1000',
  });
  await courseware.addBytes(teacher, ended.id, await makeSlides(DECKS.literature ?? []), '第三讲 文献检索.pdf');

  const cancelled = await create({
    title: '课程考试备考答疑',
    lecturerId: teacher.id,
    ...schedule.cancelled,
  });
  await courses.cancel(admin, cancelled.id, '与省考委考前培训时间冲突，另行安排');

  // Who came, and what they handed in, as the board records them.
  const people = [
    { key: `u:${student.id}`, userId: student.id, name: student.name },
    { key: 'g:demo-guest-0001', userId: null, name: '张晓雨' },
    { key: 'g:demo-guest-0002', userId: null, name: '刘建国' },
    { key: 'g:demo-guest-0003', userId: null, name: '陈思远' },
  ];
  const photo = ruledPaperPng();
  const photoHash = createHash('sha256').update(photo).digest('hex');
  const temp = storage.tempPath();
  await writeFile(temp, photo);
  await storage.putTempFile(temp, photoHash);
  for (const [course, start] of [
    [live, schedule.live.startAt],
    [ended, schedule.ended.startAt],
  ] as const) {
    for (const [index, person] of people.entries()) {
      // The live course may have begun minutes ago (just after midnight): nobody joins in the future.
      const joinedAt = Math.min(now, start + (index + 1) * 60_000);
      const leftAt = course === ended ? start + HOUR : Math.min(now, joinedAt + 20 * 60_000);
      await db
        .insertInto('course_attendance')
        .values({
          course_id: course.id,
          attendee_key: person.key,
          user_id: person.userId,
          name: person.name,
          joined_at: joinedAt,
          last_seen_at: leftAt,
          joins: 1,
          connections: 0,
          present_ms: leftAt - joinedAt,
          left_at: leftAt,
        })
        .execute();
    }
    for (const person of people.slice(0, 2)) {
      await db
        .insertInto('course_hand_ins')
        .values({
          course_id: course.id,
          attendee_key: person.key,
          user_id: person.userId,
          uploader_name: person.name,
          name: `${person.name}的摘要练习.png`,
          sha256: photoHash,
          size: photo.length,
          mime: 'image/png',
          created_at: Math.min(now, start + 40 * 60_000),
        })
        .execute();
    }
  }

  return { courses: 7, liveCourseId: live.id };
}
