import type { SubmissionStatus, Verdict } from '@zikao/contract/review';
import { Tag } from 'antd';
import { candidateStatus, type Tone, VERDICT_TONE } from './candidate-format.ts';

/** Text and background pairs that keep WCAG AA contrast on a tag. */
const TONES: Record<Tone, { color: string; background: string; borderColor: string }> = {
  blue: { color: '#1d4ed8', background: '#eff6ff', borderColor: '#bfdbfe' },
  green: { color: '#166534', background: '#f0fdf4', borderColor: '#bbf7d0' },
  red: { color: '#b91c1c', background: '#fef2f2', borderColor: '#fecaca' },
  orange: { color: '#9a3412', background: '#fff7ed', borderColor: '#fed7aa' },
  gray: { color: '#374151', background: '#f3f4f6', borderColor: '#e5e7eb' },
};

export function ToneTag({ tone, children }: { tone: Tone; children: string }) {
  return <Tag style={TONES[tone]}>{children}</Tag>;
}

export function StatusTag({ status, verdict }: { status: SubmissionStatus; verdict?: Verdict | null }) {
  const { text, tone } = candidateStatus(status, verdict);
  return <ToneTag tone={tone}>{text}</ToneTag>;
}

export function VerdictTag({ verdict }: { verdict: Verdict | null }) {
  if (!verdict) return <span>—</span>;
  const { text, tone } = VERDICT_TONE[verdict];
  return <ToneTag tone={tone}>{text}</ToneTag>;
}
