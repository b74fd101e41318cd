import type { ReviewLinkDto } from '@zikao/contract/review-link';

/** A link's `url` is a path with its query; what is copied, sent and encoded in the QR code is the full address. */
export function absoluteLinkUrl(url: string, origin: string): string {
  return new URL(url, origin).toString();
}

/** A check link an admin made for themself is reused while it still holds this long. */
const REUSE_MARGIN_MS = 10 * 60_000;

/**
 * An active short-lived 复核 link of the submission made by this admin (one that ends within
 * `maxDays`), with time left to use it: opening the check page again reuses it rather than adding
 * another row to the console's list. A longer link, made in the console to send on, is left alone.
 */
export function reusableCheckLink(
  rows: readonly ReviewLinkDto[],
  submissionId: number,
  creatorName: string,
  now: number,
  maxDays: number,
): ReviewLinkDto | null {
  const left = (row: ReviewLinkDto) => row.expiresAt - now;
  return (
    rows.find(
      (row) =>
        row.submissionId === submissionId &&
        row.purpose === 'check' &&
        row.status === 'active' &&
        row.url !== null &&
        row.creatorName === creatorName &&
        left(row) > REUSE_MARGIN_MS &&
        left(row) <= maxDays * 86_400_000,
    ) ?? null
  );
}
