import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export type DocumentType = 'pdf' | 'doc' | 'docx';

export const DOCUMENT_MIME: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function head(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Tells PDF, DOC and DOCX apart by their content, whatever the file is called; null otherwise. */
export async function sniffDocumentType(file: string): Promise<DocumentType | null> {
  const start = await head(file, 1024);
  // The PDF header may follow a little junk within the first 1024 bytes.
  if (start.includes('%PDF-')) return 'pdf';
  if (start.subarray(0, 8).equals(OLE_SIGNATURE)) return 'doc';
  if (start[0] === 0x50 && start[1] === 0x4b) {
    const detected = await fileTypeFromFile(file);
    if (detected?.ext === 'docx') return 'docx';
  }
  return null;
}
