import { PRACTICE_DIFFICULTY_LABELS, type PracticeDifficulty } from '@zikao/contract/practice';
import { type Tone, ToneTag } from '../../../shared/components/tone-tag.tsx';

const TONE: Record<PracticeDifficulty, Tone> = { basic: 'green', intermediate: 'blue', hard: 'red' };

export function DifficultyTag({ difficulty }: { difficulty: PracticeDifficulty }) {
  return (
    <ToneTag bordered={false} tone={TONE[difficulty]}>
      {PRACTICE_DIFFICULTY_LABELS[difficulty]}
    </ToneTag>
  );
}
