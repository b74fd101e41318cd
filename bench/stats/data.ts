// The statistics benchmark's workload: an exam board's three years. 200 reviewers (10 per major, 20
// majors), six half-year batches, theses through the five stages with returns and second versions,
// exactly `reviews` submitted reviews, and the papers still waiting in the current batch. Ids are
// given explicitly so that every table loads in bulk without reading anything back.
import type { Bulk, Column, Row } from './bulk.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const CST = 8 * 3_600_000;
const REVIEWERS_PER_MAJOR = 10;
const MAJORS = [
  '汉语言文学',
  '行政管理',
  '会计学',
  '工商管理',
  '法学',
  '学前教育',
  '计算机科学与技术',
  '人力资源管理',
  '市场营销',
  '金融学',
  '英语',
  '护理学',
  '物流管理',
  '电子商务',
  '心理健康教育',
  '小学教育',
  '公共事业管理',
  '旅游管理',
  '视觉传达设计',
  '土木工程',
];
const SUBJECTS = ['乡村振兴', '数字政府', '中小企业', '新媒体', '基层治理', '民营企业', '幼儿教育', '网络安全'];
const FORMS = ['研究', '问题与对策', '现状分析', '优化路径探析', '实证研究', '影响因素分析'];
const STAGES = ['topic', 'plan', 'draft', 'final', 'retest'] as const;
const MINUTES: Record<(typeof STAGES)[number], [number, number]> = {
  topic: [8, 35],
  plan: [15, 45],
  draft: [30, 110],
  final: [40, 150],
  retest: [30, 100],
};

const FIRST_REVIEWER_ID = 10_001;
const FIRST_STUDENT_ID = 1_000_001;
const FIRST_BATCH_ID = 101;
/** Theses written per bulk round, so that the rows of a round fit in memory comfortably. */
const ROUND = 20_000;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const USER_COLUMNS: Column[] = [
  ['id', 'int'],
  ['account', 'text'],
  ['name', 'text'],
  ['role', 'int'],
  ['password_hash', 'text'],
  ['must_change_password', 'int'],
  ['disabled', 'int'],
  ['failed_logins', 'int'],
  ['locked_until', 'bigint'],
  ['school_name', 'text'],
  ['school_logo', 'text'],
  ['head_url', 'text'],
  ['major_name', 'text'],
  ['majors_json', 'text'],
  ['apply_exam_level', 'text'],
  ['exam_committee_name', 'text'],
  ['exam_number', 'text'],
  ['platform', 'text'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];
const THESIS_COLUMNS: Column[] = [
  ['id', 'int'],
  ['batch_id', 'int'],
  ['student_id', 'int'],
  ['major_name', 'text'],
  ['title', 'text'],
  ['advisor', 'text'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];
const SUBMISSION_COLUMNS: Column[] = [
  ['id', 'int'],
  ['thesis_id', 'int'],
  ['batch_id', 'int'],
  ['major_name', 'text'],
  ['stage', 'text'],
  ['status', 'text'],
  ['reviewer_id', 'int'],
  ['current_version', 'int'],
  ['uploads_used', 'int'],
  ['row_version', 'int'],
  ['search_text', 'text'],
  ['title_search', 'text'],
  ['submitted_at', 'bigint'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];
const VERSION_COLUMNS: Column[] = [
  ['submission_id', 'int'],
  ['version_no', 'int'],
  ['attachments_json', 'text'],
  ['plagiarism_rate', 'real'],
  ['carry_state', 'text'],
  ['submitted_at', 'bigint'],
];
const REVIEW_COLUMNS: Column[] = [
  ['submission_id', 'int'],
  ['version_no', 'int'],
  ['reviewer_id', 'int'],
  ['verdict', 'text'],
  ['score', 'real'],
  ['rubric_json', 'text'],
  ['comment', 'text'],
  ['time_spent_ms', 'bigint'],
  ['state', 'text'],
  ['submitted_at', 'bigint'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];

export interface Workload {
  reviews: number;
  pending: number;
  reviewerIds: number[];
  /** The reviewer the narrow filter names, and a month they reviewed in. */
  narrow: { reviewerId: number; from: string; to: string };
}

/** Half-years, oldest first, covering the last `days` days before `now`: [start, end) in ms. */
function halfYears(now: number, days: number) {
  const first = now - days * DAY;
  const result: Array<{ start: number; end: number; name: string }> = [];
  const cst = new Date(now + CST);
  let year = cst.getUTCFullYear();
  let half = cst.getUTCMonth() < 6 ? 0 : 1;
  for (;;) {
    const start = Date.UTC(year, half * 6, 1) - CST;
    const end = Date.UTC(half ? year + 1 : year, half ? 0 : 6, 1) - CST;
    result.unshift({
      start: Math.max(start, first),
      end: Math.min(end, now),
      name: `${year}年${half ? '下' : '上'}半年`,
    });
    if (start <= first) return result;
    if (half) half = 0;
    else {
      half = 1;
      year -= 1;
    }
  }
}

/**
 * Loads the workload into a migrated database holding the demo accounts; `demoReviewerId` (who can
 * sign in) is one of the 200 reviewers, so that a reviewer's own view is measured too.
 */
export async function fillStatisticsWorkload(
  bulk: Bulk,
  options: { reviews: number; now: number; demoReviewerId: number; years: number },
): Promise<Workload> {
  const { now } = options;
  const next = random(20261124);
  const between = (low: number, high: number) => low + next() * (high - low);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

  const batches = halfYears(now, Math.round(options.years * 365)).map((b, i, all) => ({
    ...b,
    id: FIRST_BATCH_ID + i,
    current: i === all.length - 1,
    threshold: i % 3 === 1 ? 25 : 30,
  }));
  await bulk.insert(
    'batches',
    [
      ['id', 'int'],
      ['name', 'text'],
      ['status', 'text'],
      ['rules_json', 'text'],
      ['created_at', 'bigint'],
      ['updated_at', 'bigint'],
    ],
    batches.map((b) => [
      b.id,
      `${b.name}（统计基准）`,
      b.current ? 'open' : 'closed',
      JSON.stringify({
        plagiarismThreshold: b.threshold,
        adminCheck: b.current,
        ...(b.current ? {} : { closedAt: b.end }),
      }),
      b.start,
      b.end,
    ]),
  );

  const reviewerIds: number[] = [];
  const reviewerRows: Row[] = [];
  for (let i = 0; i < MAJORS.length * REVIEWERS_PER_MAJOR; i++) {
    const major = MAJORS[i % MAJORS.length] as string;
    if (i === 0) {
      reviewerIds.push(options.demoReviewerId);
      continue;
    }
    const id = FIRST_REVIEWER_ID + i;
    reviewerIds.push(id);
    reviewerRows.push(user(id, `1360${String(i).padStart(7, '0')}`, `评阅教师${i}`, 3, major, null, now));
  }
  await bulk.insert('users', USER_COLUMNS, reviewerRows);
  const reviewerOf = (major: number) =>
    reviewerIds[major + MAJORS.length * Math.floor(next() * REVIEWERS_PER_MAJOR)] as number;

  const weights = batches.map((b) => b.end - b.start);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const pickBatch = () => {
    let roll = next() * totalWeight;
    for (const [i, w] of weights.entries()) {
      roll -= w;
      if (roll <= 0) return batches[i] as (typeof batches)[number];
    }
    return batches[batches.length - 1] as (typeof batches)[number];
  };

  let reviews = 0;
  let pending = 0;
  let thesisId = 0;
  let submissionId = 0;
  while (reviews < options.reviews) {
    const users: Row[] = [];
    const theses: Row[] = [];
    const submissions: Row[] = [];
    const versions: Row[] = [];
    const reviewRows: Row[] = [];
    for (let t = 0; t < ROUND && reviews < options.reviews; t++) {
      thesisId += 1;
      const batch = pickBatch();
      const major = Math.floor(next() * MAJORS.length);
      const majorName = MAJORS[major] as string;
      const studentId = FIRST_STUDENT_ID + thesisId;
      const examNo = `0302${String(thesisId).padStart(8, '0')}`;
      const name = `考生${thesisId}`;
      const title = `${pick(SUBJECTS)}${pick(FORMS)}（${thesisId}）`;
      users.push(user(studentId, `s${examNo}`, name, 1, majorName, examNo, batch.start));
      theses.push([thesisId, batch.id, studentId, majorName, title, '', batch.start, batch.start]);
      // Closed batches' theses start early and finish; the current batch's are still coming in.
      let at = batch.start + between(0, batch.current ? 0.9 : 0.35) * (batch.end - batch.start);
      let failedFinal = false;
      for (const stage of STAGES) {
        if ((stage === 'retest' && !failedFinal) || reviews >= options.reviews) break;
        const scored = stage === 'final' || stage === 'retest';
        const reviewer = reviewerOf(major);
        const plagiarism = scored ? Math.round(Math.max(1, (next() + next() + next()) * 14 - 3) * 10) / 10 : null;
        submissionId += 1;
        let arrived = at;
        let lastArrived = at;
        let version = 0;
        let status = '';
        let last: { verdict: string; reviewed: number } | null = null;
        while (version < 2 && reviews < options.reviews) {
          version += 1;
          versions.push([submissionId, version, '[]', plagiarism, 'none', Math.round(arrived)]);
          lastArrived = arrived;
          const reviewed = arrived + between(0.2, 5) * DAY;
          if (reviewed > now - 3_600_000) {
            status = next() < 0.5 ? 'assigned' : 'reviewing';
            pending += 1;
            break;
          }
          let verdict: string;
          let score: number | null = null;
          if (scored) {
            const mean = stage === 'final' ? 76 : 70;
            score = Math.round(Math.max(20, Math.min(99, mean + (next() + next() + next() - 1.5) * 18)) * 10) / 10;
            verdict = score >= 60 ? 'pass' : 'fail';
          } else {
            const roll = next();
            verdict =
              version === 2 ? (roll < 0.85 ? 'pass' : 'fail') : roll < 0.68 ? 'pass' : roll < 0.9 ? 'revise' : 'fail';
          }
          const [low, high] = MINUTES[stage];
          const minutes = between(low, high) * (0.6 + next() * 0.8);
          reviewRows.push([
            submissionId,
            version,
            reviewer,
            verdict,
            score,
            '{}',
            '评语',
            Math.round(minutes * MINUTE),
            'submitted',
            Math.round(reviewed),
            Math.round(arrived),
            Math.round(reviewed),
          ]);
          reviews += 1;
          last = { verdict, reviewed };
          if (verdict !== 'revise') {
            const final = verdict === 'pass' ? 'passed' : 'failed';
            status = batch.current ? (reviewed > now - 5 * DAY ? 'awaiting_check' : 'checked') : final;
            break;
          }
          arrived = reviewed + between(3, 10) * DAY;
          status = 'returned';
          if (arrived > now) break;
        }
        submissions.push([
          submissionId,
          thesisId,
          batch.id,
          majorName,
          stage,
          status,
          reviewer,
          version,
          version,
          1,
          `${title}\n${name}\n${examNo}`.toLowerCase(),
          title.toLowerCase(),
          Math.round(lastArrived),
          Math.round(at),
          Math.round(last?.reviewed ?? lastArrived),
        ]);
        if (!last || status === 'returned' || status === 'assigned' || status === 'reviewing') break;
        if (last.verdict === 'fail' && stage !== 'final') break;
        failedFinal = stage === 'final' && last.verdict === 'fail';
        at = last.reviewed + between(5, 25) * DAY;
      }
    }
    await bulk.insert('users', USER_COLUMNS, users);
    await bulk.insert('theses', THESIS_COLUMNS, theses);
    await bulk.insert('submissions', SUBMISSION_COLUMNS, submissions);
    await bulk.insert('submission_versions', VERSION_COLUMNS, versions);
    await bulk.insert('reviews', REVIEW_COLUMNS, reviewRows);
  }

  // The narrow filter: the demo reviewer (who can sign in), in a whole month of last year.
  const month = new Date(now + CST - 365 * DAY);
  const from = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
  const to = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    reviews,
    pending,
    reviewerIds,
    narrow: { reviewerId: options.demoReviewerId, from: iso(from), to: iso(to) },
  };
}

function user(
  id: number,
  account: string,
  name: string,
  role: number,
  major: string,
  examNo: string | null,
  at: number,
): Row {
  return [
    id,
    account,
    name,
    role,
    '',
    0,
    0,
    0,
    0,
    '',
    '',
    '',
    major,
    role === 3 ? JSON.stringify([major]) : '[]',
    '',
    '',
    examNo,
    role === 1 ? 'student' : 'teacher',
    at,
    at,
  ];
}
