/**
 * The file name from a Content-Disposition header, preferring RFC 5987 `filename*`
 * (UTF-8, percent-encoded) over the plain `filename`.
 */
export function filenameFromContentDisposition(header: string | null, fallback = 'download'): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape falls through to the plain filename.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : fallback;
}
