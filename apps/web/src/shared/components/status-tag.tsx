import type { SubmissionStatus } from '@zikao/contract/review-lists';
import { SUBMISSION_STATUS_TONE, submissionStatusLabel } from './tone.ts';
import { ToneTag } from './tone-tag.tsx';

/** A submission's status as staff read it (the contract's label), in the status's own tone. */
export function SubmissionStatusTag({ status, testId }: { status: SubmissionStatus; testId?: string }) {
  return (
    <ToneTag tone={SUBMISSION_STATUS_TONE[status] ?? 'grey'} testId={testId}>
      {submissionStatusLabel(status)}
    </ToneTag>
  );
}
