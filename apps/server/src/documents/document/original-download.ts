import type { Readable } from 'node:stream';
import type { AccessService } from '../../access/access.service.ts';
import { notFound } from '../../shared/errors.ts';
import type { SessionUser } from '../../shared/request-context.ts';
import type { FileStorage } from '../../shared/storage/storage.ts';
import type { DocumentRepository } from './document.repository.ts';
import { DOCUMENT_MIME } from './file-sniffer.ts';

/** The Word types a review PDF is converted from, with the extension its download carries. */
const WORD_EXTENSIONS = new Map([
  [DOCUMENT_MIME.docx, '.docx'],
  [DOCUMENT_MIME.doc, '.doc'],
]);

/**
 * The Word file a review PDF was converted from (issue 23), so that a reviewer can check what the
 * candidate formatted against the PDF both of them cite. Who may: `document.original` (the
 * reviewer assigned to it, admins; nobody else under blind review).
 */
export class OriginalDownload {
  private readonly deps: {
    access: AccessService;
    repository: Pick<DocumentRepository, 'findById'>;
    storage: FileStorage;
  };

  constructor(deps: OriginalDownload['deps']) {
    this.deps = deps;
  }

  async original(user: SessionUser, documentId: number): Promise<{ fileName: string; mime: string; body: Readable }> {
    await this.deps.access.requireOne(user, 'document.original', documentId);
    const row = await this.deps.repository.findById(documentId);
    const extension = row ? WORD_EXTENSIONS.get(row.source_mime) : undefined;
    if (!row || !extension) throw notFound('该论文上传的是 PDF，没有 Word 原文');
    // The name the PDF downloads carry (the thesis title and stage, or the upload's name for admins).
    const pdfName = await this.deps.access.documentName(user, row);
    const fileName = `${pdfName.replace(/\.(pdf|docx?)$/i, '')}${extension}`;
    return { fileName, mime: row.source_mime, body: await this.deps.storage.read(row.source_sha256) };
  }
}
