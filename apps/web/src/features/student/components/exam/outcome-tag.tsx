import { THESIS_OUTCOME_LABELS, type ThesisOutcome } from '@zikao/contract/student-info';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';

const OUTCOME_TONE: Record<ThesisOutcome, Tone> = { passed: 'green', failed: 'red', in_progress: 'blue' };

export function OutcomeTag({ outcome }: { outcome: ThesisOutcome }) {
  return (
    <ToneTag bordered={false} tone={OUTCOME_TONE[outcome]}>
      {THESIS_OUTCOME_LABELS[outcome]}
    </ToneTag>
  );
}
