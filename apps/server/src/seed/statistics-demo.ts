import { Role, SCORED_STAGES, type Stage, type Verdict } from '@zikao/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ReviewsTable, SubmissionVersionsTable } from '../db/schema.ts';
import type { StatisticsWriter } from '../workflow/statistics/statistics-writer.ts';
import { searchTextOf } from '../workflow/submission/submission.repository.ts';
import { REVIEW_COMMENTS, STUDENT_NAMES } from './review-text.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/**
 * Reviewers of the history, one major each. The demo reviewer (陈评阅) reviews 汉语言文学; the others
 * have majors no demo flow assigns, so their finished work never changes anyone's queue or load.
 */
const REVIEWERS = [
  { account: '13700000101', name: '周文静', major: '行政管理' },
  { account: '13700000102', name: '吴建国', major: '会计学' },
  { account: '13700000103', name: '郑晓梅', major: '工商管理' },
  { account: '13700000104', name: '何志远', major: '法学' },
  { account: '13700000105', name: '林海涛', major: '计算机科学与技术' },
] as const;

const SUBJECTS: Record<string, string[]> = {
  汉语言文学: ['鲁迅小说', '汪曾祺散文', '网络流行语', '方言词汇', '唐宋诗词意象', '当代乡土小说'],
  行政管理: ['基层治理', '数字政府', '公共服务', '社区网格化管理', '政务公开'],
  会计学: ['财务共享', '内部控制', '成本管理', '中小企业融资', '税务筹划'],
  工商管理: ['品牌建设', '人才培养', '激励机制', '连锁经营', '供应链协同'],
  法学: ['网络侵权', '劳动合同', '个人信息保护', '农村土地承包', '电子商务合同'],
  计算机科学与技术: ['网络安全', '校园信息系统', '数据可视化', '推荐算法', '移动应用开发'],
};
const FORMS = ['研究', '问题与对策', '现状分析', '优化路径探析', '影响因素分析', '案例研究'];

/** Deterministic pseudo-random numbers: the demo looks the same on every start. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The half-years before the current one, and the current one: `[start, end)` in ms (CST). */
function halfYears(now: number, count: number): Array<{ name: string; start: number; end: number }> {
  const cst = new Date(now + 8 * 3_600_000);
  let year = cst.getUTCFullYear();
  let half = cst.getUTCMonth() < 6 ? 0 : 1;
  const result: Array<{ name: string; start: number; end: number }> = [];
  for (let i = 0; i < count; i++) {
    const start = Date.UTC(year, half * 6, 1) - 8 * 3_600_000;
    const end = Date.UTC(half === 0 ? year : year + 1, half === 0 ? 6 : 0, 1) - 8 * 3_600_000;
    result.unshift({ name: `${year}年${half === 0 ? '上' : '下'}半年`, start, end });
    if (half === 0) {
      year -= 1;
      half = 1;
    } else half = 0;
  }
  return result;
}

const STAGE_ORDER: Stage[] = ['topic', 'plan', 'draft', 'final', 'retest'];

/**
 * The statistics' demo history (issue 16): three finished half-year batches and the current one, each
 * with some fifty theses of six majors through their stages, reviewed by the demo reviewer and five
 * others: a few hundred reviews with verdicts, scores, plagiarism rates and review times, so that
 * 数据统计 has something to chart right after `npm start`. Every submission is finished (passed or
 * failed), so no queue, load or list of work to do changes; the demo reviewer reviews no drafts
 * here, leaving the draft list as the review demo made it. The statistics are rebuilt at the end,
 * over every demo seed's reviews.
 */
export async function seedStatisticsDemo(deps: {
  db: Kysely<Database>;
  statistics: StatisticsWriter;
  now?: number;
}): Promise<{ reviews: number }> {
  const { db, statistics } = deps;
  const now = deps.now ?? Date.now();
  const next = random(20261124);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const between = (low: number, high: number) => low + next() * (high - low);

  const demoReviewer = await db.selectFrom('users').selectAll().where('account', '=', '13800000003').executeTakeFirst();
  const demoStudent = await db.selectFrom('users').selectAll().where('account', '=', '13800000001').executeTakeFirst();
  const current = await db.selectFrom('batches').selectAll().orderBy('id').executeTakeFirst();
  if (!demoReviewer || !demoStudent || !current) return { reviews: 0 };

  const user = (account: string, name: string, role: Role, major: string, examNumber: string | null) => ({
    account,
    name,
    role,
    password_hash: demoReviewer.password_hash,
    must_change_password: 0,
    disabled: 0,
    failed_logins: 0,
    locked_until: 0,
    school_name: demoStudent.school_name,
    school_logo: '',
    head_url: '',
    major_name: major,
    majors_json: role === Role.reviewer ? JSON.stringify([major]) : '[]',
    apply_exam_level: role === Role.student ? '本科' : '',
    exam_committee_name: demoStudent.exam_committee_name,
    exam_number: examNumber,
    platform: role === Role.student ? 'student' : 'teacher',
    demo: 1,
    created_at: now,
    updated_at: now,
  });
  const reviews = await db.transaction().execute(async (trx) => {
    const reviewerIds = new Map<string, number>([['汉语言文学', demoReviewer.id]]);
    for (const r of REVIEWERS) {
      const row = await trx
        .insertInto('users')
        .values(user(r.account, r.name, Role.reviewer, r.major, null))
        .returning('id')
        .executeTakeFirstOrThrow();
      reviewerIds.set(r.major, row.id);
    }
    const majors = [...reviewerIds.keys()];
    // 汉语言文学 drafts go to the 工商管理 reviewer, as a second reader.
    const reviewerOf = (major: string, stage: Stage) =>
      reviewerIds.get(major === '汉语言文学' && stage === 'draft' ? '工商管理' : major) as number;

    const students: Array<{ id: number; name: string; examNumber: string; major: string }> = [];
    for (let i = 0; i < 60; i++) {
      const name = `${STUDENT_NAMES[i % STUDENT_NAMES.length]}${i >= STUDENT_NAMES.length ? '（二）' : ''}`;
      const examNumber = `0301245${String(i + 1).padStart(5, '0')}`;
      const account = `137001${String(i + 1).padStart(5, '0')}`;
      const major = majors[i % majors.length] as string;
      const row = await trx
        .insertInto('users')
        .values(user(account, name, Role.student, major, examNumber))
        .returning('id')
        .executeTakeFirstOrThrow();
      students.push({ id: row.id, name, examNumber, major });
    }

    // Three finished half-years, then the current one (the demo's first batch) up to yesterday.
    const periods = halfYears(now, 4);
    const batches: Array<{ id: number; start: number; end: number }> = [];
    for (const [i, period] of periods.entries()) {
      if (i === periods.length - 1) {
        batches.push({ id: current.id, start: period.start, end: Math.min(period.end, now - DAY) });
        continue;
      }
      const exists = await trx.selectFrom('batches').select('id').where('name', '=', period.name).executeTakeFirst();
      const length = period.end - period.start;
      const window = (from: number, to: number) => ({
        start: Math.round(period.start + from * length),
        end: Math.round(period.start + to * length),
      });
      const row = await trx
        .insertInto('batches')
        .values({
          name: exists ? `${period.name}（往届）` : period.name,
          status: 'closed',
          rules_json: JSON.stringify({
            windows: {
              topic: window(0, 0.25),
              plan: window(0.15, 0.45),
              draft: window(0.35, 0.7),
              final: window(0.6, 0.9),
              retest: window(0.8, 1),
            },
            plagiarismThreshold: 30,
            closedAt: period.end - 1,
          }),
          created_at: period.start,
          updated_at: period.end,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      batches.push({ id: row.id, start: period.start, end: period.end - DAY });
    }

    let count = 0;
    for (const batch of batches) {
      const length = batch.end - batch.start;
      for (const student of students.slice(0, 50)) {
        const { major } = student;
        const title = `${pick(SUBJECTS[major] ?? ['论文'])}${pick(FORMS)}`;
        const thesis = await trx
          .insertInto('theses')
          .values({
            batch_id: batch.id,
            student_id: student.id,
            major_name: major,
            title,
            advisor: pick(['刘建华', '陈思远', '王立新', '张慧敏']),
            created_at: batch.start,
            updated_at: batch.start,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The current batch's theses keep coming in up to now; the finished batches' start early.
        const current = batch === batches[batches.length - 1];
        let at = batch.start + between(0, current ? 0.85 : 0.2) * length;
        let failedFinal = false;
        for (const stage of STAGE_ORDER) {
          if (stage === 'retest' && !failedFinal) break;
          const scored = SCORED_STAGES.includes(stage);
          const versions: Array<{ verdict: Verdict; score: number | null; arrived: number; reviewed: number }> = [];
          let arrived = at;
          for (let versionNo = 1; versionNo <= 2; versionNo++) {
            const reviewed = arrived + between(0.3, 6) * DAY;
            let verdict: Verdict;
            let score: number | null = null;
            if (scored) {
              score =
                Math.round(
                  Math.max(35, Math.min(98, (stage === 'final' ? 76 : 70) + (next() + next() + next() - 1.5) * 18)) *
                    10,
                ) / 10;
              verdict = score >= 60 ? 'pass' : 'fail';
            } else {
              const roll = next();
              verdict =
                versionNo === 2
                  ? roll < 0.85
                    ? 'pass'
                    : 'fail'
                  : roll < 0.68
                    ? 'pass'
                    : roll < 0.9
                      ? 'revise'
                      : 'fail';
            }
            versions.push({ verdict, score, arrived, reviewed });
            if (verdict !== 'revise') break;
            arrived = reviewed + between(3, 10) * DAY;
          }
          const last = versions[versions.length - 1];
          if (!last || last.reviewed >= batch.end) break;
          const status = last.verdict === 'pass' ? 'passed' : 'failed';
          const reviewerId = reviewerOf(major, stage);
          const plagiarism = scored ? Math.round(Math.max(2, (next() + next() + next()) * 14 - 3) * 10) / 10 : null;
          const submission = await trx
            .insertInto('submissions')
            .values({
              thesis_id: thesis.id,
              batch_id: batch.id,
              major_name: major,
              stage,
              status,
              reviewer_id: reviewerId,
              current_version: versions.length,
              uploads_used: versions.length,
              row_version: 1,
              search_text: searchTextOf(title, student.name, student.examNumber),
              title_search: title.toLowerCase(),
              submitted_at: Math.round(last.arrived),
              created_at: Math.round(versions[0]?.arrived ?? last.arrived),
              updated_at: Math.round(last.reviewed),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const versionRows: Insertable<SubmissionVersionsTable>[] = [];
          const reviewRows: Insertable<ReviewsTable>[] = [];
          const minutes: Record<Stage, [number, number]> = {
            topic: [8, 35],
            plan: [15, 45],
            draft: [30, 110],
            final: [40, 150],
            retest: [30, 100],
          };
          for (const [i, version] of versions.entries()) {
            versionRows.push({
              submission_id: submission.id,
              version_no: i + 1,
              document_id: null,
              structured_json:
                stage === 'topic'
                  ? JSON.stringify({ title, rationale: `本文围绕${title}展开。`, outline: '', references: '' })
                  : null,
              attachments_json: '[]',
              plagiarism_rate: plagiarism,
              carry_state: 'none',
              submitted_at: Math.round(version.arrived),
            });
            const [low, high] = minutes[stage];
            reviewRows.push({
              submission_id: submission.id,
              version_no: i + 1,
              reviewer_id: reviewerId,
              verdict: version.verdict,
              score: version.score,
              rubric_json: '{}',
              comment: REVIEW_COMMENTS[version.verdict],
              plagiarism_rate: null,
              time_spent_ms: Math.round(between(low, high) * (0.7 + next() * 0.6) * MINUTE),
              state: 'submitted',
              submitted_at: Math.round(version.reviewed),
              created_at: Math.round(version.arrived),
              updated_at: Math.round(version.reviewed),
            });
          }
          await trx.insertInto('submission_versions').values(versionRows).execute();
          await trx.insertInto('reviews').values(reviewRows).execute();
          count += reviewRows.length;
          if (last.verdict === 'fail' && stage !== 'final') break;
          failedFinal = stage === 'final' && last.verdict === 'fail';
          at = last.reviewed + between(5, 25) * DAY;
        }
      }
    }
    return count;
  });
  // Written around the review service, as every demo seed's reviews are: the statistics are derived afresh.
  await statistics.rebuild();
  return { reviews };
}
