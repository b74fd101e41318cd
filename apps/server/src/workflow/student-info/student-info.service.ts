import { gradeOf, PASS_SCORE, STAGES, type Stage, type SubmissionStatus } from '@zikao/contract';
import type {
  CertificateCondition,
  StudentCertificateResult,
  StudentCoursesResult,
  StudentExamResult,
  StudentStageResult,
  StudentThesisResult,
  ThesisOutcome,
} from '@zikao/contract/student-info';
import { notFound } from '../../shared/errors.ts';
import type { StudentInfoRepository } from './student-info.repository.ts';

/** Statuses whose submitted review is the candidate's to see; 待复核 waits for the admin's check. */
const VERDICT_SHOWN: readonly SubmissionStatus[] = ['returned', 'passed', 'failed', 'checked'];

/** The candidate's outcome: a passed final or retest passes; a fail with no retest still open fails. */
export function thesisOutcome(stages: readonly StudentStageResult[]): {
  outcome: ThesisOutcome;
  decisive: StudentStageResult | null;
} {
  const of = (stage: Stage) => stages.find((s) => s.stage === stage);
  const retest = of('retest');
  const final = of('final');
  const passed = [retest, final].find((s) => s?.verdict === 'pass');
  if (passed) return { outcome: 'passed', decisive: passed };
  if (retest?.verdict === 'fail') return { outcome: 'failed', decisive: retest };
  if (!retest && final?.verdict === 'fail') return { outcome: 'failed', decisive: final };
  return { outcome: 'in_progress', decisive: null };
}

/**
 * The candidate's live courses, from the teaching area (issue 14). An interface here, wired in
 * app.ts, so that workflow does not import teaching.
 */
export interface StudentCourseSource {
  studentCourses(studentId: number): Promise<StudentCoursesResult>;
}

/** Read-only views for the candidate: exam and thesis results, certificate status, live courses. */
export class StudentInfoService {
  private readonly repository: StudentInfoRepository;
  private readonly courseSource: StudentCourseSource | null;

  constructor(deps: { repository: StudentInfoRepository; courses?: StudentCourseSource }) {
    this.repository = deps.repository;
    this.courseSource = deps.courses ?? null;
  }

  /** Live courses the candidate can join: those for their batch or major, with 进入课堂 and the playback link. */
  async courses(studentId: number): Promise<StudentCoursesResult> {
    return this.courseSource ? this.courseSource.studentCourses(studentId) : { list: [] };
  }

  async exam(studentId: number): Promise<StudentExamResult> {
    const student = await this.repository.student(studentId);
    if (!student) throw notFound('考生不存在');
    return {
      student: {
        name: student.name,
        examNumber: student.exam_number ?? '',
        majorName: student.major_name,
        schoolName: student.school_name,
        applyExamLevel: student.apply_exam_level,
        examCommitteeName: student.exam_committee_name,
      },
      theses: await this.theses(studentId),
    };
  }

  async certificate(studentId: number): Promise<StudentCertificateResult> {
    const theses = await this.theses(studentId);
    const chosen = theses.find((t) => t.outcome === 'passed') ?? theses[0] ?? null;
    const outcome: ThesisOutcome = chosen?.outcome ?? 'in_progress';
    const score = chosen?.finalScore ?? null;
    const conditions: CertificateCondition[] = [
      {
        label: '毕业论文定稿（或复试）评阅通过',
        met: outcome === 'passed',
        detail: !chosen
          ? '尚无论文记录'
          : outcome === 'passed'
            ? `${chosen.batchName}《${chosen.title}》已通过`
            : outcome === 'failed'
              ? `${chosen.batchName}《${chosen.title}》未通过`
              : '论文尚未完成定稿评阅',
      },
      {
        label: `论文成绩及格（${PASS_SCORE} 分及以上）`,
        met: score === null ? false : score >= PASS_SCORE,
        detail: score === null ? '尚无论文成绩' : `${score} 分（${gradeOf(score)}）`,
      },
      {
        label: '全部课程考试合格',
        met: null,
        detail: '课程考试成绩由省考委核定，本平台不记录，请以省考委公布的成绩为准',
      },
    ];
    return {
      status: outcome === 'passed' ? 'eligible' : outcome === 'failed' ? 'failed' : 'not_eligible',
      outcome,
      conditions,
      thesis: chosen
        ? { title: chosen.title, batchName: chosen.batchName, score, grade: score === null ? null : gradeOf(score) }
        : null,
    };
  }

  private async theses(studentId: number): Promise<StudentThesisResult[]> {
    const theses = await this.repository.theses(studentId);
    const submissions = await this.repository.submissions(theses.map((t) => t.id));
    const reviews = await this.repository.submittedReviews(submissions.map((s) => s.id));
    return theses.map((thesis) => {
      const stages: StudentStageResult[] = submissions
        .filter((s) => s.thesis_id === thesis.id)
        .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage))
        .map((s) => {
          const status = s.status;
          const review = VERDICT_SHOWN.includes(status)
            ? reviews.find((r) => r.submission_id === s.id && r.version_no === s.current_version)
            : undefined;
          const score = review?.score ?? null;
          return {
            stage: s.stage,
            status,
            versionNo: s.current_version,
            uploadsUsed: s.uploads_used,
            verdict: review?.verdict ?? null,
            score,
            grade: score === null ? null : gradeOf(score),
            reviewedAt: review?.submitted_at == null ? null : Number(review.submitted_at),
          };
        });
      const { outcome, decisive } = thesisOutcome(stages);
      return {
        thesisId: thesis.id,
        batchName: thesis.batch_name,
        title: thesis.title,
        majorName: thesis.major_name,
        stages,
        outcome,
        finalScore: decisive?.score ?? null,
        finalGrade: decisive?.grade ?? null,
      };
    });
  }
}
