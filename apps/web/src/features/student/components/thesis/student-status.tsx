import type { SubmissionStatus, Verdict } from '@zikao/contract/review';
import { ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { studentStatus, VERDICT_TONE } from './student-format.ts';

export function StatusTag({ status, verdict }: { status: SubmissionStatus; verdict?: Verdict | null }) {
  const { text, tone } = studentStatus(status, verdict);
  return <ToneTag tone={tone}>{text}</ToneTag>;
}

export function VerdictTag({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return <span>—</span>;
  const { text, tone } = VERDICT_TONE[verdict];
  return <ToneTag tone={tone}>{text}</ToneTag>;
}
