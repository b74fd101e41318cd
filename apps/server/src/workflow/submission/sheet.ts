import type { Readable } from 'node:stream';
import { gradeOf, parseBatchRules, STAGES } from '@zikao/contract';
import type {
  SubmissionAttachments,
  SubmissionFile,
  ThesisSheet,
  ThesisSheetStage,
} from '@zikao/contract/thesis-sheet';
import { ARCHIVE_PREVIEW_MIMES, type FilePreview, TABLE_PREVIEW_MIMES } from '@zikao/contract/thesis-sheet';
import type { Kysely } from 'kysely';
import type { AccessService } from '../../access/access.service.ts';
import { hidesStudent } from '../../access/access-rules.ts';
import type { Database } from '../../db/schema.ts';
import { CleanPdfCopies } from '../../documents/document/metadata-strip.ts';
import { AppError, fileTypeRejected, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { previewCsv, previewXlsx, previewZip } from './file-preview.ts';
import { SheetRepository } from './sheet.repository.ts';
import { SubmissionRepository } from './submission.repository.ts';
import { visibleAttachmentNames } from './submission-mapper.ts';

/**
 * The information sheet (论文信息表): the thesis of one submission with every stage's latest
 * submitted review. Same access as the detail: admins, or the reviewer the submission is
 * assigned to; blind review hides the candidate from everyone but admins.
 */
export class ThesisSheetService {
  private readonly sheetRows: SheetRepository;
  private readonly submissions: SubmissionRepository;
  private readonly access: AccessService;
  private readonly storage: FileStorage;
  private readonly cleanCopies: CleanPdfCopies;
  private readonly now: () => number;

  constructor(deps: { db: Kysely<Database>; storage: FileStorage; access: AccessService; now?: () => number }) {
    this.sheetRows = new SheetRepository(deps.db);
    this.access = deps.access;
    this.storage = deps.storage;
    this.cleanCopies = new CleanPdfCopies(deps.storage);
    this.submissions = new SubmissionRepository(deps.db);
    this.now = deps.now ?? Date.now;
  }

  async sheet(user: SessionUser, submissionId: number): Promise<ThesisSheet> {
    await this.access.requireAccess(user, 'submission.review', [submissionId]);
    const context = await this.submissions.findContext(submissionId);
    if (!context) throw notFound('论文不存在');
    const rules = parseBatchRules(context.rules_json);
    const hide = hidesStudent(user, rules.blindReview);
    const student = await this.sheetRows.school(context.student_id);

    const rows = await this.sheetRows.stages(context.thesis_id);
    const ids = rows.map((row) => row.id);
    const reviews = await this.sheetRows.submittedReviews(ids);

    const stages: ThesisSheetStage[] = rows
      .map((row): ThesisSheetStage => {
        // Reviews come newest version first: the first one of a submission is its latest.
        const review = reviews.find((r) => r.submission_id === row.id);
        return {
          stage: row.stage,
          submissionId: row.id,
          status: row.status,
          currentVersion: row.current_version,
          submittedAt: row.version_submitted_at ?? row.submitted_at,
          verdict: review?.verdict ?? null,
          score: review?.score ?? null,
          grade: review?.score === null || review?.score === undefined ? null : gradeOf(review.score),
          reviewerName: review?.reviewer_name ?? '',
          comment: review?.comment ?? '',
          plagiarismRate: review?.plagiarism_rate ?? row.version_rate ?? null,
          reviewedAt: review?.submitted_at ?? null,
          reviewedVersion: review?.version_no ?? null,
        };
      })
      .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));

    return {
      submissionId: context.id,
      stage: context.stage,
      // The advisor can name the candidate's school as well as a name would: blind review hides both.
      thesis: {
        id: context.thesis_id,
        title: context.title,
        majorName: context.major_name,
        advisor: hide ? '' : context.advisor,
      },
      student: hide
        ? null
        : { name: context.student_name, examNo: context.exam_number ?? '', schoolName: student?.school_name ?? '' },
      batch: { id: context.batch_id, name: context.batch_name, blindReview: rules.blindReview },
      plagiarismThreshold: rules.plagiarismThreshold,
      stages,
      generatedAt: this.now(),
    };
  }

  /** The current version's files: attachments first, then the plagiarism report. */
  async attachments(user: SessionUser, submissionId: number): Promise<SubmissionAttachments> {
    await this.access.requireAccess(user, 'submission.review', [submissionId]);
    const submission = await this.submissions.findContext(submissionId);
    if (!submission) throw notFound('论文不存在');
    const hide = hidesStudent(user, parseBatchRules(submission.rules_json).blindReview);
    const versions = await this.submissions.versions(submissionId);
    const current = versions.find((v) => v.version_no === submission.current_version);
    const stored = current ? storedFiles(current.attachments_json) : [];
    const names = visibleAttachmentNames(stored, hide);
    const uploads = await this.sheetRows.uploads(stored.map((f) => f.uploadId));
    const files: SubmissionFile[] = stored
      .map((f, i) => {
        const upload = uploads.find((u) => u.id === f.uploadId);
        return {
          uploadId: f.uploadId,
          name: names[i] as string,
          kind: f.kind === 'report' ? ('report' as const) : ('attachment' as const),
          size: upload?.size ?? null,
          mime: upload?.mime ?? '',
        };
      })
      .sort((a, b) => Number(a.kind === 'report') - Number(b.kind === 'report'));
    return {
      submissionId,
      stage: submission.stage,
      versionNo: submission.current_version,
      documentId: current?.document_id ?? null,
      plagiarismRate: current?.plagiarism_rate ?? null,
      files,
    };
  }

  /** One file of any version of the submission, for download or preview. */
  async file(
    user: SessionUser,
    submissionId: number,
    uploadId: string,
  ): Promise<{ name: string; mime: string; body: Readable }> {
    const file = await this.storedFile(user, submissionId, uploadId);
    // Under blind review a PDF goes without its metadata (Author…), as the review document does (issue 19 §1).
    const sha256 =
      file.hide && file.mime === 'application/pdf' ? (await this.cleanCopies.copyOf(file.sha256)).sha256 : file.sha256;
    return { name: file.name, mime: file.mime, body: await this.storage.read(sha256) };
  }

  /** A CSV, Excel or ZIP attachment's first rows or file list (issue 21 §5); other types have none. */
  async preview(user: SessionUser, submissionId: number, uploadId: string): Promise<FilePreview> {
    const file = await this.storedFile(user, submissionId, uploadId);
    const table = TABLE_PREVIEW_MIMES.includes(file.mime);
    if (!table && !ARCHIVE_PREVIEW_MIMES.includes(file.mime)) {
      throw fileTypeRejected('该类型的附件不支持表格或压缩包预览，PDF 与图片请直接打开，其余请下载查看');
    }
    const local = await this.storage.localPath(file.sha256);
    try {
      if (file.mime === 'text/csv') return await previewCsv(local.path, file.name.replace(/\.csv$/i, ''));
      if (table) return await previewXlsx(local.path);
      const archive = await previewZip(local.path);
      if (!archive) throw fileTypeRejected('压缩包结构损坏，无法预览，请下载查看');
      return archive;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw fileTypeRejected('文件内容无法解析，无法预览，请下载查看');
    } finally {
      await local.release();
    }
  }

  private async storedFile(
    user: SessionUser,
    submissionId: number,
    uploadId: string,
  ): Promise<{ name: string; mime: string; sha256: string; hide: boolean }> {
    await this.access.requireAccess(user, 'submission.review', [submissionId]);
    const context = await this.submissions.findContext(submissionId);
    if (!context) throw notFound('论文不存在');
    const hide = hidesStudent(user, parseBatchRules(context.rules_json).blindReview);
    const versions = await this.submissions.versions(submissionId);
    let name: string | undefined;
    for (const version of versions) {
      const files = storedFiles(version.attachments_json);
      const index = files.findIndex((f) => f.uploadId === uploadId);
      if (index >= 0) {
        name = visibleAttachmentNames(files, hide)[index];
        break;
      }
    }
    if (name === undefined) throw notFound('附件不存在');
    const upload = await this.sheetRows.upload(uploadId);
    if (!upload) throw notFound('附件不存在');
    return { name, mime: upload.mime || 'application/octet-stream', sha256: upload.sha256, hide };
  }
}

interface StoredFile {
  uploadId: string;
  name: string;
  kind?: string;
}

function storedFiles(json: string): StoredFile[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((f): f is StoredFile => typeof f?.uploadId === 'string' && typeof f?.name === 'string')
      : [];
  } catch {
    return [];
  }
}
