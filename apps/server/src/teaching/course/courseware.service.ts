import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import {
  type BoardDeckPage,
  COURSEWARE_LIMITS,
  type CoursewareDto,
  type CoursewareKind,
  coursewareUploadFieldsSchema,
} from '@zikao/contract/course';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ConversionQueue, ConvertibleExtension } from '../../documents/document/conversion-queue.ts';
import {
  conflict,
  emptyFile,
  fileTooLarge,
  fileTypeRejected,
  invalidInput,
  noFile,
  notFound,
} from '../../shared/errors.ts';
import { checkPictureSize, pixelSizeOf, withinImageLimits } from '../../shared/image-dimensions.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { checkSignature } from '../../shared/signature-hook.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { parseInput } from '../../shared/validation.ts';
import type { CourseService } from './course.service.ts';
import type { CoursewarePageRow, CoursewareRepository, CoursewareRow } from './courseware.repository.ts';
import type { RenderInput, RenderOutput } from './page-render-worker.ts';
import { keep, type ReceivedFile, receiveForm, SNIFFED_MIME, type SniffedType, sniffFile } from './received-file.ts';

const workerUrl = new URL('./page-render-worker.ts', import.meta.url);

/** Runs one render in a worker thread. */
function renderInWorker(input: RenderInput): Promise<RenderOutput> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: input });
    let settled = false;
    worker.on('message', (message: { result?: RenderOutput }) => {
      if (message.result) {
        settled = true;
        resolve(message.result);
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`render worker exited with ${code}`));
    });
  });
}

const KIND_OF: Partial<Record<SniffedType, CoursewareKind>> = {
  pdf: 'pdf',
  ppt: 'slides',
  pptx: 'slides',
  png: 'image',
  jpg: 'image',
};

const FAILURES: Record<Exclude<RenderOutput, { ok: true }>['reason'], string> = {
  damaged: '文件已损坏，无法读取',
  encrypted: '文件已加密，请去除密码后重新上传',
  'too-many-pages': `页数超过 ${COURSEWARE_LIMITS.pages} 页，请拆分后上传`,
  'no-canvas': '服务器无法生成页面图片',
};

/** Tallest page image: a long page is scaled to fit. */
const MAX_PAGE_HEIGHT = 4000;

function toDto(row: CoursewareRow, pages: readonly CoursewarePageRow[]): CoursewareDto {
  return {
    id: row.id,
    courseId: row.course_id,
    name: row.name,
    kind: row.kind,
    size: Number(row.size),
    status: row.status,
    error: row.error,
    pageCount: row.page_count,
    pages:
      row.status === 'ready'
        ? pages
            .filter((page) => page.file_id === row.id)
            .map((page) => ({ fileId: row.id, pageNo: page.page_no, width: page.width, height: page.height }))
        : [],
    sort: row.sort,
    uploaderName: row.uploader_name,
    createdAt: Number(row.created_at),
  };
}

/**
 * Courseware (课件): PDF, PPT/PPTX (LibreOffice makes a PDF) and PNG/JPEG, each rendered once to
 * PNG page images (pdf.js in a worker thread), one file at a time.
 */
export class CoursewareService {
  private readonly repository: CoursewareRepository;
  private readonly courses: CourseService;
  private readonly storage: FileStorage;
  private readonly conversion: ConversionQueue | null;
  private readonly maxBytes: number;
  private readonly logger: FastifyBaseLogger;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(deps: {
    repository: CoursewareRepository;
    courses: CourseService;
    storage: FileStorage;
    conversion: ConversionQueue | null;
    maxBytes: number;
    logger: FastifyBaseLogger;
  }) {
    this.repository = deps.repository;
    this.courses = deps.courses;
    this.storage = deps.storage;
    this.conversion = deps.conversion;
    this.maxBytes = Math.min(deps.maxBytes, COURSEWARE_LIMITS.bytes);
    this.logger = deps.logger;
  }

  /** Receives one file for a course the caller runs, checks it by content, and queues its rendering. */
  async upload(user: SessionUser, request: FastifyRequest): Promise<CoursewareDto> {
    if (!request.isMultipart()) throw invalidInput('请以 multipart/form-data 格式上传文件');
    const signature = request.pendingSignature;
    if (!signature) throw invalidInput('缺少签名');
    const form = await receiveForm(request.parts(), this.storage, this.maxBytes);
    try {
      checkSignature({ ...signature.params, ...form.fields }, signature.t, signature.sig);
      const { courseId } = parseInput(coursewareUploadFieldsSchema, form.fields);
      if (!form.file) throw noFile();
      return await this.add(user, courseId, form.file);
    } finally {
      await form.cleanup();
    }
  }

  /** Adds a file from bytes at hand (the demo data), with the same checks as an upload. */
  async addBytes(user: SessionUser, courseId: number, bytes: Uint8Array, name: string): Promise<CoursewareDto> {
    const tempPath = this.storage.tempPath();
    try {
      await writeFile(tempPath, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return await this.add(user, courseId, { tempPath, name, sha256, size: bytes.length });
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  private async add(user: SessionUser, courseId: number, file: ReceivedFile): Promise<CoursewareDto> {
    const course = await this.courses.require(user, courseId, 'manage');
    if (course.cancelled_at !== null) throw conflict('课程已取消');
    if (file.size === 0) throw emptyFile();
    if (file.size > this.maxBytes) throw fileTooLarge(`文件超过 ${Math.round(this.maxBytes / 1024 / 1024)} MB`);
    const type = await sniffFile(file.tempPath);
    const kind = type ? KIND_OF[type] : undefined;
    if (!type || !kind) throw fileTypeRejected('课件仅支持 PDF、PPT、PPTX、PNG、JPEG（按文件内容识别）');
    if (kind === 'slides' && !this.conversion) throw fileTypeRejected('服务器未安装 LibreOffice，暂不能上传 PPT/PPTX');
    // A picture is decoded to be drawn: its size comes from its header first (issue 32 §4.4).
    if (type === 'png' || type === 'jpg') await checkPictureSize(file.tempPath, type, true);
    const full = () => conflict(`每门课程最多 ${COURSEWARE_LIMITS.files} 个课件`);
    // A quick refusal before the file is kept; the insert checks again under the course's lock.
    if ((await this.repository.countOfCourse(courseId)).count >= COURSEWARE_LIMITS.files) throw full();
    await keep(this.storage, file);
    const now = Date.now();
    const id = await this.repository.insertWithin(
      {
        course_id: courseId,
        name: file.name,
        kind,
        source_sha256: file.sha256,
        source_mime: SNIFFED_MIME[type],
        size: file.size,
        status: 'converting',
        error: '',
        page_count: 0,
        uploaded_by: user.id,
        created_at: now,
        updated_at: now,
      },
      COURSEWARE_LIMITS.files,
    );
    if (id === null) throw full();
    this.enqueue(id);
    const row = await this.repository.find(id);
    return toDto(row as CoursewareRow, []);
  }

  async list(user: SessionUser, courseId: number): Promise<CoursewareDto[]> {
    await this.courses.require(user, courseId, 'view');
    return this.listOf(courseId);
  }

  /** A course's courseware, for a caller already checked (the detail, the board). */
  async listOf(courseId: number): Promise<CoursewareDto[]> {
    const rows = await this.repository.ofCourse(courseId);
    const pages = await this.repository.pagesOf(rows.filter((row) => row.status === 'ready').map((row) => row.id));
    return rows.map((row) => toDto(row, pages));
  }

  /** The board's deck: every ready file's pages, in the files' order, numbered from 1. */
  /** The number of pages `deck` would list, in one statement. */
  deckSize(courseId: number): Promise<number> {
    return this.repository.deckSize(courseId);
  }

  async deck(courseId: number): Promise<BoardDeckPage[]> {
    const rows = await this.repository.ofCourse(courseId, true);
    const pages = await this.repository.pagesOf(rows.map((row) => row.id));
    const deck: BoardDeckPage[] = [];
    for (const row of rows) {
      for (const page of pages) {
        if (page.file_id !== row.id) continue;
        deck.push({
          index: deck.length + 1,
          fileId: row.id,
          fileName: row.name,
          pageNo: page.page_no,
          width: page.width,
          height: page.height,
        });
      }
    }
    return deck;
  }

  async delete(user: SessionUser, id: number): Promise<{ deleted: number }> {
    const row = await this.repository.find(id);
    if (!row) throw notFound('课件不存在');
    await this.courses.require(user, row.course_id, 'manage');
    await this.repository.delete(id);
    this.courses.coursewareChanged(row.course_id);
    return { deleted: 1 };
  }

  async sort(user: SessionUser, courseId: number, ids: readonly number[]): Promise<CoursewareDto[]> {
    await this.courses.require(user, courseId, 'manage');
    const rows = await this.repository.ofCourse(courseId);
    const known = new Set(rows.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw invalidInput('课件顺序须包含该课程的全部课件');
    }
    await this.repository.transaction((repository) => repository.setSort(courseId, ids));
    this.courses.coursewareChanged(courseId);
    return this.listOf(courseId);
  }

  /** A page image for a signed-in caller who may see the course. */
  async pageFor(user: SessionUser, fileId: number, pageNo: number): Promise<CoursewarePageRow> {
    const row = await this.repository.find(fileId);
    if (!row) throw notFound('课件不存在');
    await this.courses.require(user, row.course_id, 'view');
    return this.pageOf(row.course_id, fileId, pageNo);
  }

  /** A page image of a course's ready file (the board has checked its link for `courseId`). */
  async pageOf(courseId: number, fileId: number, pageNo: number): Promise<CoursewarePageRow> {
    const row = await this.repository.find(fileId);
    if (!row || row.course_id !== courseId || row.status !== 'ready') throw notFound('课件不存在');
    const page = await this.repository.page(fileId, pageNo);
    if (!page) throw notFound('页面不存在');
    return page;
  }

  /** Queues the files a stopped server left converting. */
  async resumeUnfinished(): Promise<number> {
    const rows = await this.repository.unfinished();
    for (const row of rows) this.enqueue(row.id);
    return rows.length;
  }

  /** Resolves once every queued file is done (tests, shutdown). */
  async drain(): Promise<void> {
    let seen: Promise<void>;
    do {
      seen = this.queue;
      await seen;
    } while (seen !== this.queue);
  }

  /** Stops taking queued files (those running finish); then drain. */
  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
  }

  private enqueue(id: number): void {
    this.queue = this.queue.then(() =>
      this.closed
        ? undefined
        : this.process(id).catch((error: unknown) => {
            this.logger.error({ err: error, coursewareId: id }, 'courseware rendering failed');
          }),
    );
  }

  private async process(id: number): Promise<void> {
    const row = await this.repository.find(id);
    if (row?.status !== 'converting') return;
    const outDir = `${this.storage.tempPath()}.pages`;
    await mkdir(outDir, { recursive: true });
    const source = await this.storage.localPath(row.source_sha256);
    let cleanupConversion: (() => Promise<void>) | null = null;
    try {
      let input: RenderInput['source'];
      if (row.kind === 'slides') {
        const extension: ConvertibleExtension = row.source_mime === SNIFFED_MIME.ppt ? 'ppt' : 'pptx';
        if (!this.conversion) return void (await this.fail(row, '服务器未安装 LibreOffice，无法转换演示文稿'));
        const converted = await this.conversion.convert(source.path, extension);
        cleanupConversion = converted.cleanup;
        if (converted.droppedLinks) {
          this.logger.info(
            { coursewareId: id, droppedLinks: converted.droppedLinks },
            'external links removed before conversion (adr/027)',
          );
        }
        if (!converted.ok || !converted.pdfPath)
          return void (await this.fail(row, converted.error ?? '演示文稿转换失败'));
        input = { file: converted.pdfPath, type: 'pdf' };
      } else {
        input = {
          file: source.path,
          type: row.kind === 'pdf' ? 'pdf' : row.source_mime === SNIFFED_MIME.png ? 'png' : 'jpg',
        };
        // Checked at upload; again here for a file kept before that check, which a restart resumes.
        if (input.type !== 'pdf') {
          const size = await pixelSizeOf(source.path, input.type);
          if (!size || !withinImageLimits(size)) return void (await this.fail(row, '图片尺寸超过上限或无法读取'));
        }
      }
      const result = await renderInWorker({
        source: input,
        outDir,
        maxPages: COURSEWARE_LIMITS.pages,
        maxWidth: COURSEWARE_LIMITS.pageWidth,
        maxHeight: MAX_PAGE_HEIGHT,
      });
      if (!result.ok) {
        if (result.reason === 'no-canvas')
          this.logger.error({ detail: result.detail }, 'courseware: no canvas for pdf.js');
        return void (await this.fail(row, FAILURES[result.reason]));
      }
      for (const page of result.pages) await this.storage.putTempFile(page.file, page.sha256);
      const kept = await this.repository.finish(id, {
        status: 'ready',
        error: '',
        pages: result.pages.map((page, index) => ({
          page_no: index + 1,
          image_sha256: page.sha256,
          image_size: page.size,
          width: page.width,
          height: page.height,
        })),
      });
      if (kept) this.courses.coursewareChanged(row.course_id);
    } finally {
      await cleanupConversion?.();
      await source.release();
      await rm(outDir, { recursive: true, force: true });
    }
  }

  private async fail(row: CoursewareRow, error: string): Promise<void> {
    if (await this.repository.finish(row.id, { status: 'failed', error, pages: [] })) {
      this.courses.coursewareChanged(row.course_id);
    }
  }
}
