/** The thesis file types the server converts for review. */
export const THESIS_FILE_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A thesis attachment: also spreadsheets, CSV data, pictures and ZIP archives (checked by content on the server). */
export const ATTACHMENT_FILE_ACCEPT = `${THESIS_FILE_ACCEPT},.xlsx,.csv,.png,.jpg,.jpeg,.gif,.webp,.zip,text/csv,image/png,image/jpeg,image/gif,image/webp,application/zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`;

export const THESIS_FILE_MAX_MB = 50;

/** Why the file is refused before it is sent (`文件超过 50 MB`), or null. */
export function thesisFileTooLarge(file: File): string | null {
  return file.size > THESIS_FILE_MAX_MB * 1024 * 1024 ? `文件超过 ${THESIS_FILE_MAX_MB} MB` : null;
}
