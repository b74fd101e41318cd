import {
  PRACTICE_DIFFICULTY_LABELS,
  PRACTICE_STATUS_LABELS,
  type PracticeDifficulty,
  type PracticeStatus,
} from '@zikao/contract/practice';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';

const STATUS_TONE: Record<PracticeStatus, Tone> = { draft: 'grey', published: 'green', withdrawn: 'orange' };
const DIFFICULTY_TONE: Record<PracticeDifficulty, Tone> = { basic: 'green', intermediate: 'blue', hard: 'red' };

export function PracticeStatusTag({ status }: { status: PracticeStatus }) {
  return (
    <ToneTag bordered={false} tone={STATUS_TONE[status]} testId="practice-status">
      {PRACTICE_STATUS_LABELS[status]}
    </ToneTag>
  );
}

export function DifficultyTag({ difficulty }: { difficulty: PracticeDifficulty }) {
  return (
    <ToneTag bordered={false} tone={DIFFICULTY_TONE[difficulty]}>
      {PRACTICE_DIFFICULTY_LABELS[difficulty]}
    </ToneTag>
  );
}
