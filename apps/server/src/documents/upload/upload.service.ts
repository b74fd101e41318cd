import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ATTACHMENT_TYPES_TEXT, Role, type UploadKind, type UploadResponse, uploadFieldsSchema } from '@zikao/contract';
import { redactorOf } from '../../access/identity-redaction.ts';
import { emptyFile, fileTooLarge, fileTypeRejected, invalidInput, noFile } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import { checkSignature } from '../../shared/signature-hook.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import { randomToken } from '../../shared/tokens.ts';
import { parseInput } from '../../shared/validation.ts';
import type { DocumentService } from '../document/document.service.ts';
import {
  ATTACHMENT_MIME,
  type AttachmentType,
  DOCUMENT_MIME,
  isZipContainer,
  sniffAttachmentType,
  sniffDocumentType,
} from '../document/file-sniffer.ts';
import { inspectZip } from '../document/zip-inspector.ts';
import { cleanAttachment } from './attachment-metadata.ts';
import { holdTempFile } from './temp-sweeper.ts';
import type { UploadRepository } from './upload.repository.ts';

interface ReceivedFile {
  tempPath: string;
  name: string;
  sha256: string;
  size: number;
}

function cleanName(filename: string): string {
  // Keep the last path segment only, without control characters, at most 200 code points.
  const base = Array.from(path.basename(filename.replaceAll('\\', '/')))
    .filter((char) => (char.codePointAt(0) ?? 0) >= 0x20)
    .join('')
    .trim();
  return Array.from(base || '未命名文件')
    .slice(-200)
    .join('');
}

export class UploadService {
  private readonly storage: FileStorage;
  private readonly repository: UploadRepository;
  private readonly maxBytes: number;

  private readonly documents: DocumentService;

  constructor(deps: {
    storage: FileStorage;
    repository: UploadRepository;
    maxBytes: number;
    documents: DocumentService;
  }) {
    this.storage = deps.storage;
    this.repository = deps.repository;
    this.maxBytes = deps.maxBytes;
    this.documents = deps.documents;
  }

  /**
   * Streams one multipart file to a temp file while hashing it, then checks the signature
   * (query plus form fields), size and content type. Anything rejected leaves nothing behind.
   */
  async receive(
    parts: AsyncIterableIterator<Multipart>,
    signature: { params: Record<string, unknown>; t: string; sig: string },
    user: SessionUser,
  ): Promise<UploadResponse> {
    const fields: Record<string, unknown> = {};
    let received: ReceivedFile | null = null;
    const temps: string[] = [];
    const releases: Array<() => void> = [];
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = part.value;
          continue;
        }
        if (received) throw invalidInput('一次只能上传一个文件');
        const tempPath = this.storage.tempPath();
        temps.push(tempPath);
        received = await this.streamToTemp(part, tempPath);
        // Whole now, so it stops changing: held from the sweeper while it is checked and stored.
        releases.push(holdTempFile(tempPath));
      }
      checkSignature({ ...signature.params, ...fields }, signature.t, signature.sig);
      const { kind } = parseInput(uploadFieldsSchema, fields);
      if (!received) throw noFile();
      if (received.size === 0) throw emptyFile();
      const { mime, type } = await this.checkType(kind, received);
      // What a reviewer may download is stored without the uploader's name in it (issue 19 §1).
      if (kind !== 'document') received = await this.withoutMetadata(type, received, user);
      await this.storage.putTempFile(received.tempPath, received.sha256);
      const upload = {
        id: randomToken().slice(0, 32),
        sha256: received.sha256,
        ownerId: user.id,
        name: received.name,
        kind,
        size: received.size,
        mime,
      };
      await this.repository.insert(upload);
      const response: UploadResponse = {
        fileId: upload.id,
        sha256: upload.sha256,
        name: upload.name,
        size: upload.size,
        mime: upload.mime,
      };
      if (kind === 'document') response.documentId = await this.documents.createFromUpload(upload);
      return response;
    } finally {
      await Promise.all(temps.map((file) => rm(file, { force: true })));
      for (const release of releases) release();
    }
  }

  /**
   * The file's type by its content, refused when the kind does not take it: a thesis document or
   * a plagiarism report is PDF, DOC or DOCX; an attachment may also be a spreadsheet, CSV data, a
   * picture or a ZIP archive (issue 21 §5). Zip containers are checked against decompression bombs.
   */
  private async checkType(kind: UploadKind, received: ReceivedFile): Promise<{ mime: string; type: AttachmentType }> {
    if (kind !== 'attachment') {
      const type = await sniffDocumentType(received.tempPath);
      if (!type) throw fileTypeRejected('仅支持 PDF、DOC、DOCX（按文件内容识别）');
      await this.documents.checkUpload(type, received.tempPath, kind === 'document');
      return { mime: DOCUMENT_MIME[type], type };
    }
    const type = await sniffAttachmentType(received.tempPath, received.name);
    if (!type) throw fileTypeRejected(`附件${ATTACHMENT_TYPES_TEXT}`);
    if (type === 'pdf' || type === 'doc' || type === 'docx') {
      await this.documents.checkUpload(type, received.tempPath, false);
    } else if (isZipContainer(type)) {
      const zip = await inspectZip(received.tempPath);
      if (!zip.ok) throw fileTypeRejected(`${type === 'xlsx' ? 'Excel' : 'ZIP'} 文件异常：${zip.reason}`);
    }
    return { mime: ATTACHMENT_MIME[type], type };
  }

  /**
   * The received file without identifying metadata (Office properties and comment authors, EXIF,
   * PNG text, and for a candidate's ZIP their name and exam number in entry names), hashed again;
   * the file as it came when there is nothing to clean or it cannot be parsed.
   */
  private async withoutMetadata(
    type: AttachmentType,
    received: ReceivedFile,
    user: SessionUser,
  ): Promise<ReceivedFile> {
    const identity = user.role === Role.student ? { name: user.name, examNumber: user.row.exam_number } : null;
    const cleaned = await cleanAttachment(type, await readFile(received.tempPath), redactorOf(identity));
    if (!cleaned) return received;
    await writeFile(received.tempPath, cleaned);
    return {
      ...received,
      sha256: createHash('sha256').update(cleaned).digest('hex'),
      size: cleaned.length,
    };
  }

  private async streamToTemp(part: MultipartFile, tempPath: string): Promise<ReceivedFile> {
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(part.file, meter, createWriteStream(tempPath));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw this.tooLarge();
      throw error;
    }
    if (part.file.truncated) throw this.tooLarge();
    return { tempPath, name: cleanName(part.filename), sha256: hash.digest('hex'), size };
  }

  private tooLarge() {
    return fileTooLarge(`文件超过 ${Math.round(this.maxBytes / 1024 / 1024)} MB`);
  }
}
