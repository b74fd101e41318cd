import type { SubmissionStatus, Verdict } from '@zikao/contract/review';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { candidateStatus, VERDICT_TONE } from './candidate-format.ts';

export function StatusTag({ status, verdict }: { status: SubmissionStatus; verdict?: Verdict | null }) {
  const { text, tone } = candidateStatus(status, verdict);
  return <ToneTag tone={tone}>{text}</ToneTag>;
}

export function VerdictTag({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return <span>—</span>;
  const { text, tone } = VERDICT_TONE[verdict];
  return <ToneTag tone={tone}>{text}</ToneTag>;
}
