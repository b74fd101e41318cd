import {
  type BatchRules,
  gradeOf,
  parseBatchRules,
  STAGE_LABELS,
  STAGES,
  type Stage,
  type SubmissionStatus,
  type TopicFields,
  uploadLimitOf,
} from '@zikao/contract';
import type {
  StudentDocument,
  StudentFile,
  StudentOverview,
  StudentResubmitInput,
  StudentReview,
  StudentReviewResult,
  StudentStage,
  StudentSubmissionDetail,
  StudentSubmitInput,
  StudentTopic,
} from '@zikao/contract/student';
import { isReleased, requireOwn } from '../../access/access-rules.ts';
import type { AnnotationService } from '../../documents/annotation/annotation.service.ts';
import { isStructuredText } from '../../documents/document/structured-document.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { SubmissionRepository } from '../submission/submission.repository.ts';
import type { SubmissionService } from '../submission/submission.service.ts';
import {
  limitReason,
  orderReason,
  outcomeOf,
  type StageOutcomes,
  submittedReason,
  windowOf,
  windowReason,
  windowStateOf,
} from './stage-rules.ts';
import type { StudentRepository } from './student.repository.ts';

type SubmissionRow = Awaited<ReturnType<StudentRepository['submissions']>>[number];
type ReviewRow = Awaited<ReturnType<StudentRepository['submittedReviews']>>[number];
type ThesisRow = NonNullable<Awaited<ReturnType<StudentRepository['findThesis']>>>;

/** Attachments as stored on a version; the plagiarism report is the one of kind `report`. */
interface StoredFile {
  uploadId: string;
  name: string;
  kind?: 'attachment' | 'report';
}

const EMPTY_TOPIC: TopicFields = { title: '', rationale: '', outline: '', references: '' };
const DOCUMENT_STAGES: readonly Stage[] = ['draft', 'final', 'retest'];
const REPORT_STAGES: readonly Stage[] = ['final', 'retest'];

function toResult(row: ReviewRow): StudentReviewResult {
  return {
    versionNo: row.version_no,
    verdict: row.verdict,
    score: row.score,
    grade: row.score === null ? null : gradeOf(row.score),
    comment: row.comment,
    plagiarismRate: row.plagiarism_rate,
    reviewedAt: row.submitted_at,
    reviewedBy: row.reviewer_external ? '评阅专家' : '评阅教师',
  };
}

/** The reviews of a submission its candidate may read, by version. */
function releasedReviews(submission: SubmissionRow, reviews: readonly ReviewRow[]): Map<number, ReviewRow> {
  const released = new Map<number, ReviewRow>();
  for (const review of reviews) {
    if (review.submission_id !== submission.id) continue;
    if (isReleased('submitted', review.version_no, submission)) released.set(review.version_no, review);
  }
  return released;
}

function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as { code?: unknown }).code ?? ''} ${(error as Error).message ?? ''}`;
  return /23505|UNIQUE|unique/.test(text);
}

/**
 * The candidate side: the overview of the candidate's own thesis, submitting and resubmitting a
 * stage within its window, upload limit and stage order, the private topic draft, and reading a
 * released review. Reviewer identities never leave in these answers.
 */
export class StudentService {
  private readonly repository: StudentRepository;
  /** Reads a submission's versions as the review side does. */
  private readonly submissionRows: Pick<SubmissionRepository, 'versions'>;
  private readonly submissions: SubmissionService;
  private readonly annotations: AnnotationService;

  constructor(deps: {
    repository: StudentRepository;
    submissionRows: Pick<SubmissionRepository, 'versions'>;
    submissions: SubmissionService;
    annotations: AnnotationService;
  }) {
    this.repository = deps.repository;
    this.submissionRows = deps.submissionRows;
    this.submissions = deps.submissions;
    this.annotations = deps.annotations;
  }

  async overview(user: SessionUser, thesisId?: number): Promise<StudentOverview> {
    const theses = await this.repository.theses(user.id);
    const list = theses.map((t) => ({ id: t.id, title: t.title, batchName: t.batch_name }));
    if (thesisId !== undefined) requireOwn(user, await this.repository.findThesis(thesisId));
    const thesis = thesisId === undefined ? theses[0] : theses.find((t) => t.id === thesisId);
    if (!thesis) return { thesis: null, batch: null, theses: list, stages: [] };
    const rules = parseBatchRules(thesis.rules_json);
    return {
      thesis: { id: thesis.id, title: thesis.title, majorName: thesis.major_name, advisor: thesis.advisor },
      batch: { id: thesis.batch_id, name: thesis.batch_name, plagiarismThreshold: rules.plagiarismThreshold },
      theses: list,
      stages: await this.stages(thesis.id, rules),
    };
  }

  async submission(user: SessionUser, submissionId: number): Promise<StudentSubmissionDetail> {
    const row = requireOwn(user, await this.repository.findSubmission(submissionId));
    return this.detail(row, parseBatchRules(row.rules_json));
  }

  async submit(
    user: SessionUser,
    input: StudentSubmitInput,
  ): Promise<{ submissionId: number; versionNo: number; status: SubmissionStatus }> {
    const thesis = requireOwn(user, await this.repository.findThesis(input.thesisId));
    const rules = parseBatchRules(thesis.rules_json);
    const stage = await this.stage(thesis.id, rules, input.stage);
    if (!stage.action) throw conflict(stage.blockedReason ?? `${STAGE_LABELS[input.stage]}当前不能提交`);
    const version = await this.versionOf(user, input);
    let submissionId: number;
    let versionNo: number;
    if (stage.action === 'submit') {
      try {
        submissionId = await this.submissions.createSubmission(user.id, thesis.id, input.stage, version);
      } catch (error) {
        // Two tabs submitting the same stage at once: the second meets the unique (thesis, stage).
        if (isUniqueViolation(error)) throw conflict(submittedReason(input.stage, 'inReview') as string);
        throw error;
      }
      versionNo = 1;
    } else {
      submissionId = (stage.submission as { id: number }).id;
      versionNo = (await this.submissions.resubmit(user, submissionId, version)).versionNo;
    }
    await this.afterSubmit(input);
    const after = await this.repository.findSubmission(submissionId);
    return { submissionId, versionNo, status: after?.status ?? 'unassigned' };
  }

  /**
   * `/v1/submission/resubmit`: a new version of a returned submission, named by its id. It is the
   * candidate's submit of that stage, with every one of its checks (issue 19 §2): a document of the
   * candidate's own, not structured text and not used by another version; attachments by upload id,
   * named by their uploads.
   */
  async resubmit(user: SessionUser, input: StudentResubmitInput): Promise<{ versionNo: number }> {
    const { submissionId, ...fields } = input;
    const row = requireOwn(user, await this.repository.findSubmission(submissionId));
    const submitted = { ...fields, thesisId: row.thesis_id, stage: row.stage };
    const version = await this.versionOf(user, submitted);
    // The status machine refuses what is not 退回修改, outside the window or past the upload limit.
    const { versionNo } = await this.submissions.resubmit(user, row.id, version);
    await this.afterSubmit(submitted);
    return { versionNo };
  }

  /** A submitted topic is the thesis's title, and its private draft is done with. */
  private async afterSubmit(input: StudentSubmitInput): Promise<void> {
    if (input.stage !== 'topic' || !input.structured) return;
    await this.repository.deleteDraft(input.thesisId);
    await this.repository.setThesisTitle(input.thesisId, input.structured.title);
  }

  async topic(user: SessionUser, thesisId?: number): Promise<StudentTopic> {
    const thesis = await this.ownThesis(user, thesisId);
    const rules = parseBatchRules(thesis.rules_json);
    const stage = await this.stage(thesis.id, rules, 'topic');
    const row = stage.submission ? await this.repository.findSubmission(stage.submission.id) : undefined;
    const submission = row ? await this.detail(row, rules) : null;
    const draft = await this.repository.findDraft(thesis.id);
    const submitted = submission?.versions.at(-1)?.structured ?? null;
    const fields = draft
      ? { ...EMPTY_TOPIC, ...(JSON.parse(draft.fields_json) as Partial<TopicFields>) }
      : (submitted ?? { ...EMPTY_TOPIC, title: thesis.title });
    return {
      thesisId: thesis.id,
      fields,
      draftSavedAt: draft?.updated_at ?? null,
      submission,
      editable: !submission || submission.status === 'returned',
      blockedReason: stage.blockedReason,
      windowState: stage.windowState,
      window: stage.window,
      uploadsLeft: stage.uploadsLeft,
    };
  }

  /** Saves the private draft; refused while the submitted topic is under review or finished. */
  async saveTopicDraft(user: SessionUser, thesisId: number, fields: TopicFields): Promise<{ savedAt: number }> {
    const thesis = requireOwn(user, await this.repository.findThesis(thesisId));
    const topic = (await this.repository.submissions(thesis.id)).find((s) => s.stage === 'topic');
    if (topic && topic.status !== 'returned') {
      const reviews = await this.repository.submittedReviews([topic.id]);
      const verdict = releasedReviews(topic, reviews).get(topic.current_version)?.verdict ?? null;
      const outcome = outcomeOf(topic.status, verdict);
      const why = { inReview: '已提交，等待评阅结果', passed: '已通过评阅', failed: '未通过评阅', returned: '' }[
        outcome
      ];
      throw conflict(`选题${why}，不能修改`);
    }
    return { savedAt: await this.repository.saveDraft(thesis.id, JSON.stringify(fields)) };
  }

  async review(user: SessionUser, submissionId: number, versionNo?: number): Promise<StudentReview> {
    const row = requireOwn(user, await this.repository.findSubmission(submissionId));
    const [versions, reviews] = await Promise.all([
      this.submissionRows.versions(row.id),
      this.repository.submittedReviews([row.id]),
    ]);
    const released = releasedReviews(row, reviews);
    const newestReleased = [...released.keys()].sort((a, b) => b - a)[0];
    const wanted = versionNo ?? newestReleased ?? row.current_version;
    const version = versions.find((v) => v.version_no === wanted);
    if (!version) throw notFound(`第 ${wanted} 版不存在`);
    const review = released.get(wanted);
    const annotations =
      review && version.document_id !== null ? await this.annotations.list(user, version.document_id) : [];
    return {
      submissionId: row.id,
      stage: row.stage,
      status: row.status,
      versionNo: wanted,
      versions: versions.map((v) => v.version_no),
      documentId: version.document_id,
      structured: version.structured_json ? (JSON.parse(version.structured_json) as TopicFields) : null,
      review: review ? toResult(review) : null,
      annotations,
    };
  }

  /** One of the candidate's own uploads, for download. */
  async file(user: SessionUser, uploadId: string): Promise<{ sha256: string; name: string; mime: string }> {
    const upload = await this.repository.findUpload(uploadId);
    requireOwn(user, upload ? { ...upload, student_id: upload.owner_id } : undefined, '文件');
    return upload as { sha256: string; name: string; mime: string };
  }

  private async ownThesis(user: SessionUser, thesisId?: number): Promise<ThesisRow> {
    if (thesisId !== undefined) return requireOwn(user, await this.repository.findThesis(thesisId));
    const [newest] = await this.repository.theses(user.id);
    if (!newest) throw notFound('您还没有论文，请联系考办确认报考批次');
    return newest;
  }

  /** One stage of the thesis as the candidate sees it; `stages` lists every stage, so it is always found. */
  private async stage(thesisId: number, rules: BatchRules, stage: Stage): Promise<StudentStage> {
    const found = (await this.stages(thesisId, rules)).find((s) => s.stage === stage);
    if (!found) throw new Error(`candidate stage ${stage} missing`);
    return found;
  }

  /** Every stage of the thesis as the candidate sees it, with what they can do now and why not. */
  private async stages(thesisId: number, rules: BatchRules): Promise<StudentStage[]> {
    const now = Date.now();
    const submissions = await this.repository.submissions(thesisId);
    const reviews = await this.repository.submittedReviews(submissions.map((s) => s.id));
    const outcomes: StageOutcomes = {};
    const results = new Map<Stage, ReviewRow | undefined>();
    for (const submission of submissions) {
      const released = releasedReviews(submission, reviews);
      const current = released.get(submission.current_version);
      const newest = [...released.values()].sort((a, b) => b.version_no - a.version_no)[0];
      results.set(submission.stage, newest);
      outcomes[submission.stage] = outcomeOf(submission.status, current?.verdict ?? null);
    }
    return STAGES.map((stage): StudentStage => {
      const submission = submissions.find((s) => s.stage === stage);
      const uploadLimit = uploadLimitOf(rules, stage);
      const uploadsUsed = submission?.uploads_used ?? 0;
      let blockedReason: string | null;
      let action: StudentStage['action'] = null;
      if (submission) {
        const outcome = outcomes[stage] as ReturnType<typeof outcomeOf>;
        blockedReason =
          outcome === 'returned'
            ? (windowReason(rules, stage, now) ?? (uploadsUsed >= uploadLimit ? limitReason(uploadLimit) : null))
            : submittedReason(stage, outcome);
        if (outcome === 'returned' && blockedReason === null) action = 'resubmit';
      } else {
        blockedReason = orderReason(stage, outcomes) ?? windowReason(rules, stage, now);
        if (blockedReason === null) action = 'submit';
      }
      const result = results.get(stage);
      return {
        stage,
        label: STAGE_LABELS[stage],
        window: windowOf(rules, stage),
        windowState: windowStateOf(rules, stage, now),
        uploadLimit,
        uploadsUsed,
        uploadsLeft: Math.max(0, uploadLimit - uploadsUsed),
        submission: submission
          ? {
              id: submission.id,
              status: submission.status,
              currentVersion: submission.current_version,
              submittedAt: submission.submitted_at,
              updatedAt: submission.updated_at,
              result: result ? toResult(result) : null,
            }
          : null,
        action,
        blockedReason,
      };
    });
  }

  private async detail(
    row: SubmissionRow & { rules_json: string },
    rules: BatchRules,
  ): Promise<StudentSubmissionDetail> {
    const [versions, reviews] = await Promise.all([
      this.submissionRows.versions(row.id),
      this.repository.submittedReviews([row.id]),
    ]);
    const released = releasedReviews(row, reviews);
    const documents = await this.repository.documents(
      versions.flatMap((v) => (v.document_id === null ? [] : [v.document_id])),
    );
    const documentOf = (id: number | null): StudentDocument | null => {
      const doc = documents.find((d) => d.id === id);
      if (!doc) return null;
      return {
        id: doc.id,
        name: doc.name,
        status: doc.status,
        progress: doc.progress,
        error: doc.error,
        pageCount: doc.page_count,
      };
    };
    return {
      id: row.id,
      thesisId: row.thesis_id,
      stage: row.stage,
      status: row.status,
      currentVersion: row.current_version,
      uploadLimit: uploadLimitOf(rules, row.stage),
      uploadsUsed: row.uploads_used,
      versions: versions.map((v) => {
        const files = JSON.parse(v.attachments_json) as StoredFile[];
        const file = (f: StoredFile): StudentFile => ({ uploadId: f.uploadId, name: f.name });
        const report = files.find((f) => f.kind === 'report');
        const review = released.get(v.version_no);
        return {
          versionNo: v.version_no,
          document: documentOf(v.document_id),
          structured: v.structured_json ? (JSON.parse(v.structured_json) as TopicFields) : null,
          attachments: files.filter((f) => f.kind !== 'report').map(file),
          plagiarismRate: v.plagiarism_rate,
          plagiarismReport: report ? file(report) : null,
          submittedAt: v.submitted_at,
          review: review ? toResult(review) : null,
        };
      }),
    };
  }

  /** The new version's content, checked: what the stage needs, and files that are the candidate's own. */
  private async versionOf(user: SessionUser, input: StudentSubmitInput) {
    const { stage } = input;
    if (stage === 'topic' && !input.structured) throw invalidInput('请填写选题内容');
    if (DOCUMENT_STAGES.includes(stage) && !input.documentId) throw invalidInput('请上传论文文件');
    if (stage === 'plan' && !input.documentId && !input.structured) throw invalidInput('请上传论文计划');
    if (REPORT_STAGES.includes(stage)) {
      if (input.plagiarismRate === null || input.plagiarismRate === undefined) {
        throw invalidInput('请填写查重率');
      }
      if (!input.plagiarismReport) throw invalidInput('请上传查重报告');
    }
    const documentId = stage === 'topic' ? null : (input.documentId ?? null);
    if (documentId !== null) {
      const [document] = await this.repository.documents([documentId]);
      if (!document) throw notFound('文档不存在');
      if (document.owner_id !== user.id) throw forbidden('无权使用该文档');
      if (isStructuredText(document)) throw invalidInput('请上传论文文件');
      if (document.status === 'failed') {
        throw invalidInput(`文档处理失败（${document.error || '无法转换'}），请重新上传`);
      }
      // The candidate confirms the converted PDF the reviewer will cite (issue 23): none before it exists.
      if (document.status !== 'ready') throw conflict('论文文件尚未转换完成，请等待转换完成并核对 PDF 后再提交');
      if (await this.repository.documentInUse(documentId)) {
        throw conflict('该文件已提交过，请上传修改后的新文件');
      }
    }
    const refs = [...input.attachments, ...(input.plagiarismReport ? [input.plagiarismReport] : [])];
    const uploads = await this.repository.uploads(refs.map((r) => r.uploadId));
    for (const ref of refs) {
      const upload = uploads.find((u) => u.id === ref.uploadId);
      if (!upload) throw notFound('附件不存在，请重新上传');
      if (upload.owner_id !== user.id) throw forbidden('无权使用该附件');
    }
    const nameOf = (uploadId: string) => uploads.find((u) => u.id === uploadId)?.name ?? '附件';
    const attachments: StoredFile[] = input.attachments.map((a) => ({
      uploadId: a.uploadId,
      name: nameOf(a.uploadId),
      kind: 'attachment',
    }));
    if (input.plagiarismReport) {
      const { uploadId } = input.plagiarismReport;
      attachments.push({ uploadId, name: nameOf(uploadId), kind: 'report' });
    }
    return {
      documentId,
      structured: stage === 'topic' || (stage === 'plan' && !documentId) ? (input.structured ?? null) : null,
      attachments,
      plagiarismRate: REPORT_STAGES.includes(stage) ? (input.plagiarismRate ?? null) : null,
    };
  }
}
