// Fills a migrated, demo-seeded database with a large draft-stage workload for the list benchmark:
// one candidate, thesis and draft submission per row, spread over 20 reviewers, 8 majors and every status.
import { Role, type SubmissionStatus } from '@zikao/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { searchTextOf } from '../../apps/server/src/workflow/submission/submission.repository.ts';

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红梅鹏飞宇浩然子涵欣怡梓轩雨泽思远佳琪文博晨阳';
export const BENCH_MAJORS = [
  '汉语言文学',
  '行政管理',
  '会计学',
  '工商管理',
  '法学',
  '学前教育',
  '计算机科学与技术',
  '人力资源管理',
];
const SUBJECTS = [
  '乡村振兴',
  '数字政府',
  '中小企业',
  '新媒体',
  '基层治理',
  '民营企业',
  '幼儿教育',
  '网络安全',
  '财务共享',
  '公共服务',
];
const ASPECTS = ['绩效管理', '内部控制', '风险防范', '人才培养', '服务质量', '品牌建设', '信息化建设', '激励机制'];
const FORMS = ['研究', '问题与对策', '现状分析', '优化路径探析', '实证研究', '影响因素分析'];
const STATUS_CYCLE = [
  'assigned',
  'reviewing',
  'assigned',
  'returned',
  'passed',
  'reviewing',
  'failed',
  'assigned',
] as const;
const REVIEWERS = 20;
const CHUNK = 500;

/** Deterministic pseudo-random numbers, so that every run measures the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const pick = <T>(items: readonly T[] | string, next: () => number): T | string =>
  items[Math.floor(next() * items.length)] as T | string;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Adds `count` draft submissions; returns the reviewer ids the work is spread over. */
export async function fillListWorkload(db: Kysely<Database>, count: number): Promise<number[]> {
  const next = random(20261122);
  const now = Date.now();
  const batch = await db.selectFrom('batches').select('id').orderBy('id').executeTakeFirstOrThrow();
  const demoReviewer = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', Role.reviewer)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const base = {
    password_hash: '',
    must_change_password: 0,
    disabled: 0,
    failed_logins: 0,
    locked_until: 0,
    school_name: '',
    school_logo: '',
    head_url: '',
    majors_json: '[]',
    apply_exam_level: '',
    exam_committee_name: '',
    created_at: now,
    updated_at: now,
  };

  await db.transaction().execute(async (trx) => {
    const extraReviewers = Array.from({ length: REVIEWERS - 1 }, (_, i) => ({
      ...base,
      account: `1390000${String(i).padStart(4, '0')}`,
      name: `评阅${i + 1}`,
      role: Role.reviewer,
      major_name: BENCH_MAJORS[i % BENCH_MAJORS.length] ?? '',
      exam_number: null,
      platform: 'teacher',
    }));
    await trx.insertInto('users').values(extraReviewers).execute();
  });
  const reviewerIds = (
    await db.selectFrom('users').select('id').where('role', '=', Role.reviewer).orderBy('id').execute()
  ).map((row) => row.id);
  if (!reviewerIds.includes(demoReviewer.id)) throw new Error('demo reviewer missing');

  const people = Array.from({ length: count }, (_, i) => {
    const name = `${pick(SURNAMES, next)}${pick(GIVEN, next)}${next() < 0.6 ? pick(GIVEN, next) : ''}`;
    const major = String(pick(BENCH_MAJORS, next));
    const title = `${pick(SUBJECTS, next)}${pick(ASPECTS, next)}的${pick(FORMS, next)}`;
    return { name, major, title, examNo: `0302${String(24100000 + i).padStart(8, '0')}` };
  });

  await db.transaction().execute(async (trx) => {
    await inChunks(people, (chunk) =>
      trx
        .insertInto('users')
        .values(
          chunk.map((p) => ({
            ...base,
            account: `s${p.examNo}`,
            name: p.name,
            role: Role.student,
            major_name: p.major,
            exam_number: p.examNo,
            platform: 'student',
          })),
        )
        .execute(),
    );
  });
  const studentIds = (
    await db
      .selectFrom('users')
      .select(['id', 'exam_number'])
      .where('account', 'like', 's0302%')
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

  await db.transaction().execute(async (trx) => {
    await inChunks(
      people.map((p, i) => ({ p, studentId: studentIds[i] as number })),
      (chunk) =>
        trx
          .insertInto('theses')
          .values(
            chunk.map(({ p, studentId }) => ({
              batch_id: batch.id,
              student_id: studentId,
              major_name: p.major,
              title: p.title,
              advisor: '',
              created_at: now,
              updated_at: now,
            })),
          )
          .execute(),
    );
  });
  const thesisIds = (
    await db
      .selectFrom('theses')
      .select('id')
      .where('student_id', 'in', db.selectFrom('users').select('id').where('account', 'like', 's0302%'))
      .orderBy('student_id')
      .execute()
  ).map((row) => row.id);

  await db.transaction().execute(async (trx) => {
    await inChunks(
      people.map((p, i) => ({ p, i, thesisId: thesisIds[i] as number })),
      (chunk) =>
        trx
          .insertInto('submissions')
          .values(
            chunk.map(({ p, i, thesisId }) => {
              const submittedAt = now - Math.floor(next() * 90 * 86_400_000);
              return {
                thesis_id: thesisId,
                batch_id: batch.id,
                major_name: p.major,
                stage: 'draft',
                status: STATUS_CYCLE[i % STATUS_CYCLE.length] as SubmissionStatus,
                reviewer_id: reviewerIds[i % reviewerIds.length] as number,
                current_version: 1,
                uploads_used: 1,
                row_version: 1,
                search_text: searchTextOf(p.title, p.name, p.examNo),
                title_search: p.title.toLowerCase(),
                submitted_at: submittedAt,
                created_at: submittedAt,
                updated_at: submittedAt,
              };
            }),
          )
          .execute(),
    );
  });
  return reviewerIds;
}
