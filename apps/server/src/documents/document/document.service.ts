import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import type { DocumentStatus, DocumentSummary, DocumentText, ListResult } from '@zikao/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AccessService } from '../../access/access.service.ts';
import { mayReadUploadName } from '../../access/access-rules.ts';
import { fileTypeRejected, notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { ConversionJobs } from './conversion-jobs.ts';
import type { ConversionQueue } from './conversion-queue.ts';
import type { DocumentRepository, DocumentRow } from './document.repository.ts';
import type { DocumentType } from './file-sniffer.ts';
import { CleanPdfCopies } from './metadata-strip.ts';
import { spotsOf } from './page-spots.ts';
import { pdfLimitMessage, runPdfWorker } from './pdf-inspector.ts';
import { isStructuredText, STRUCTURED_TITLE_PAGE } from './structured-document.ts';
import { inspectZip } from './zip-inspector.ts';

interface Deps {
  repository: DocumentRepository;
  access: AccessService;
  storage: FileStorage;
  /** Null when LibreOffice is not installed: Word documents are then refused. */
  conversion: ConversionQueue | null;
  /**
   * With REDIS_URL (adr/016): documents that need LibreOffice go to this queue, and a worker
   * process prepares them; this instance then converts nothing itself.
   */
  jobs?: ConversionJobs | null;
  logger: FastifyBaseLogger;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Review documents: every upload of kind `document` becomes a PDF with its text per page. */
export class DocumentService {
  private readonly deps: Deps;
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly cleanCopies: CleanPdfCopies;

  constructor(deps: Deps) {
    this.deps = deps;
    this.cleanCopies = new CleanPdfCopies(deps.storage);
  }

  /** Refuses, before anything is stored, files that could never become a review document. */
  async checkUpload(type: DocumentType, file: string, isDocument: boolean): Promise<void> {
    if (type === 'pdf') {
      const result = await runPdfWorker({ op: 'inspect', file });
      const overLimit = pdfLimitMessage(result);
      if (overLimit) throw fileTypeRejected(overLimit);
      if (!result.ok && result.reason === 'encrypted')
        throw fileTypeRejected('PDF 文件已加密，请去除打开密码后重新上传');
      if (!result.ok) throw fileTypeRejected('PDF 文件已损坏，无法打开，请重新导出后上传');
      return;
    }
    if (type === 'docx') {
      const zip = await inspectZip(file);
      if (!zip.ok) throw fileTypeRejected(`DOCX 文件异常：${zip.reason}`);
    }
    if (isDocument && !this.deps.conversion && !this.deps.jobs) {
      throw fileTypeRejected('服务器未安装 LibreOffice，暂不支持 Word 文档，请转换为 PDF 后上传');
    }
  }

  /** Records the document and starts preparing it; the client polls its status. */
  async createFromUpload(upload: {
    id: string;
    sha256: string;
    ownerId: number;
    name: string;
    mime: string;
  }): Promise<number> {
    const id = await this.deps.repository.insert({
      ownerId: upload.ownerId,
      uploadId: upload.id,
      name: upload.name,
      sourceSha256: upload.sha256,
      sourceMime: upload.mime,
    });
    await this.schedule(id, upload.mime);
    return id;
  }

  /**
   * A ready copy of a ready document for another owner, sharing its stored files (a practice
   * attempt's own document, adr/013). The caller has checked its right to the source.
   */
  async copyReady(sourceId: number, ownerId: number, name: string): Promise<number> {
    const id = await this.deps.repository.copyReady(sourceId, ownerId, name);
    if (id === undefined) throw notFound('文档不存在或尚未处理完成');
    return id;
  }

  /** Picks up documents a previous run left unfinished. */
  async resumeUnfinished(): Promise<number> {
    const rows = await this.deps.repository.unfinished();
    for (const row of rows) await this.schedule(row.id, row.source_mime);
    return rows.length;
  }

  /**
   * Adds every unfinished document that needs LibreOffice to the worker queue again (the queue
   * ignores those it holds): the worker's sweep, for documents whose add failed while Redis was down.
   */
  async requeueConversions(): Promise<number> {
    const jobs = this.deps.jobs;
    if (!jobs) return 0;
    const rows = (await this.deps.repository.unfinished()).filter((row) => row.source_mime !== 'application/pdf');
    for (const row of rows) await jobs.enqueue(row.id);
    return rows.length;
  }

  /**
   * Prepares one document here and now: the worker's job (adr/016). Idempotent: a document
   * already ready or failed is left alone, and of two runs only the first stores pages.
   */
  prepareNow(id: number): Promise<void> {
    return this.prepare(id).catch(async (error: unknown) => {
      this.deps.logger.error({ err: error, documentId: id }, 'document preparation failed');
      await this.fail(id, '文档处理失败，请重新上传');
    });
  }

  /** Marks a document failed that its worker job could not prepare. */
  giveUp(id: number): Promise<void> {
    return this.fail(id, '文档处理失败，请重新上传');
  }

  async listOwn(
    user: SessionUser,
    query: Parameters<DocumentRepository['listOwned']>[1],
  ): Promise<ListResult<DocumentSummary>> {
    const { rows, total } = await this.deps.repository.listOwned(user.id, query);
    return { list: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
  }

  async summary(user: SessionUser, id: number): Promise<DocumentSummary> {
    const row = await this.readable(user, id);
    return { ...toSummary(row), name: await this.deps.access.documentName(user, row) };
  }

  async text(user: SessionUser, id: number): Promise<DocumentText> {
    const facts = await this.deps.access.requireOne(user, 'document.read', id);
    const row = await this.deps.repository.findById(id);
    if (!row) throw notFound('文档不存在');
    if (row.status !== 'ready') throw notFound('文档尚未处理完成');
    const pages = await this.deps.repository.pages(id);
    // Structured text is the candidate's own words: redacted under blind review as the detail's
    // `structured` fields are, page for page, offsets unchanged (issue 19 §1). The title page is exempt.
    const redact = isStructuredText(row) ? await this.deps.access.redactorFor(user, facts) : null;
    return {
      id,
      pages: pages.map((page) => ({
        pageNo: page.page_no,
        width: page.width,
        height: page.height,
        hasText: page.has_text === 1,
        text: redact && page.page_no > STRUCTURED_TITLE_PAGE ? redact(page.text) : page.text,
        ...(isStructuredText(row) ? {} : { spots: spotsOf(page.geometry_json, page.height) }),
      })),
    };
  }

  /** The stored PDF of a ready document the user may read. */
  async pdf(user: SessionUser, id: number): Promise<{ sha256: string; size: number; name: string }> {
    const row = await this.readable(user, id);
    if (isStructuredText(row)) throw notFound('该文档是填写的文字内容，没有 PDF 文件，请读取其文字');
    if (row.status !== 'ready' || !row.pdf_sha256) throw notFound('文档尚未处理完成');
    const name = await this.deps.access.documentName(user, row);
    // Whoever may not read the upload's name may not read its metadata (Author…) either (issue 19 §1).
    if (!mayReadUploadName(user, row)) return { ...(await this.cleanCopies.copyOf(row.pdf_sha256)), name };
    return { sha256: row.pdf_sha256, size: await this.deps.storage.size(row.pdf_sha256), name };
  }

  /** Waits for every document being prepared; shutdown calls it before closing the database. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()]);
  }

  /** Resolves when the document has been prepared (or has failed); for tests and tools. */
  settled(id: number): Promise<void> {
    return this.inFlight.get(id) ?? Promise.resolve();
  }

  private async readable(user: SessionUser, id: number): Promise<DocumentRow> {
    await this.deps.access.requireOne(user, 'document.read', id);
    const row = await this.deps.repository.findById(id);
    if (!row) throw notFound('文档不存在');
    return row;
  }

  private async schedule(id: number, mime: string): Promise<void> {
    const jobs = this.deps.jobs;
    if (jobs && mime !== 'application/pdf') {
      // Still queued in the database if this fails: the worker's sweep adds it again.
      await jobs.enqueue(id).catch((error: unknown) => {
        this.deps.logger.warn(
          { err: error, documentId: id },
          'conversion job not queued; the worker sweep will add it',
        );
      });
      return;
    }
    if (this.inFlight.has(id)) return;
    const job = this.prepareNow(id).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, job);
  }

  private async prepare(id: number): Promise<void> {
    const row = await this.deps.repository.findById(id);
    if (!row || row.status === 'ready' || row.status === 'failed') return;
    const { repository, storage } = this.deps;
    let pdfSha256 = row.source_sha256;
    if (row.source_mime !== 'application/pdf') {
      const conversion = this.deps.conversion;
      if (!conversion) return this.fail(id, '服务器未安装 LibreOffice，无法转换 Word 文档');
      await this.setStatus(id, 'converting', 10);
      const source = await storage.localPath(row.source_sha256);
      const extension = row.source_mime === 'application/msword' ? 'doc' : 'docx';
      const result = await conversion.convert(source.path, extension).finally(() => source.release());
      if (result.droppedLinks) {
        this.deps.logger.info(
          { documentId: id, droppedLinks: result.droppedLinks },
          'external links removed before conversion (adr/027)',
        );
      }
      try {
        if (!result.ok || !result.pdfPath) return this.fail(id, result.error ?? '文档转换失败');
        pdfSha256 = await sha256Of(result.pdfPath);
        const size = (await stat(result.pdfPath)).size;
        const temp = storage.tempPath();
        await copyFile(result.pdfPath, temp);
        await storage.putTempFile(temp, pdfSha256);
        await repository.insertStoredFile(pdfSha256, size, 'application/pdf');
      } finally {
        await result.cleanup();
      }
    }
    await this.setStatus(id, 'extracting', 60);
    const pdf = await storage.localPath(pdfSha256);
    // What reviewers are served is the PDF without scripts, actions that open anything, or embedded
    // files (issue 32 §4.7); the upload as it came stays in the store under source_sha256.
    const sanitizedPath = storage.tempPath();
    let lastReported = 0;
    // Progress is best effort, but written in order and awaited before the job ends: a write left
    // behind would meet a database closed at shutdown.
    let reporting: Promise<void> = Promise.resolve();
    const extracted = await runPdfWorker({ op: 'extract', file: pdf.path, sanitizeTo: sanitizedPath }, (fraction) => {
      const progress = 60 + Math.floor(fraction * 39);
      if (progress >= lastReported + 5) {
        lastReported = progress;
        reporting = reporting.then(() => repository.updateUnfinished(id, { progress })).catch(() => {});
      }
    }).finally(() => pdf.release());
    await reporting;
    try {
      if (!extracted.ok || !extracted.pages) {
        const reason = extracted.ok
          ? '文档没有页面'
          : extracted.reason === 'encrypted'
            ? 'PDF 文件设有密码或权限限制，无法安全处理，请去除密码后重新上传'
            : (pdfLimitMessage(extracted) ?? 'PDF 文件已损坏，无法读取文字');
        return await this.fail(id, reason);
      }
      if (extracted.sanitized) {
        pdfSha256 = await sha256Of(sanitizedPath);
        const size = (await stat(sanitizedPath)).size;
        await storage.putTempFile(sanitizedPath, pdfSha256);
        await repository.insertStoredFile(pdfSha256, size, 'application/pdf');
        this.deps.logger.info({ documentId: id, removed: extracted.sanitized }, 'active content removed from the PDF');
      }
    } finally {
      await rm(sanitizedPath, { force: true });
    }
    if (await repository.savePages(id, pdfSha256, extracted.pages)) {
      this.deps.logger.info({ documentId: id, pages: extracted.pages.length }, 'document prepared');
    } else {
      this.deps.logger.info({ documentId: id }, 'document was already prepared; this run is dropped');
    }
  }

  private setStatus(id: number, status: DocumentStatus, progress: number): Promise<void> {
    return this.deps.repository.updateUnfinished(id, { status, progress });
  }

  private fail(id: number, error: string): Promise<void> {
    return this.deps.repository.updateUnfinished(id, { status: 'failed', error });
  }
}

function toSummary(row: DocumentRow): DocumentSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    progress: row.progress,
    error: row.error,
    pageCount: row.page_count,
    sourceMime: row.source_mime,
    createdAt: row.created_at,
  };
}
