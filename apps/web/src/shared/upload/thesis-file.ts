/** The thesis file types the server converts for review. */
export const THESIS_FILE_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const THESIS_FILE_MAX_MB = 50;

/** Why the file is refused before it is sent (`文件超过 50 MB`), or null. */
export function thesisFileTooLarge(file: File): string | null {
  return file.size > THESIS_FILE_MAX_MB * 1024 * 1024 ? `文件超过 ${THESIS_FILE_MAX_MB} MB` : null;
}
