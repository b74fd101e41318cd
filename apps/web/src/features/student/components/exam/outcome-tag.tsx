import { THESIS_OUTCOME_LABELS, type ThesisOutcome } from '@zikao/contract/student-info';
import { Tag } from 'antd';

// Dark text on light tints, for WCAG AA contrast.
const OUTCOME_STYLE: Record<ThesisOutcome, { color: string; background: string }> = {
  passed: { color: '#166534', background: '#f0fdf4' },
  failed: { color: '#b91c1c', background: '#fef2f2' },
  in_progress: { color: '#1d4ed8', background: '#eff6ff' },
};

export function OutcomeTag({ outcome }: { outcome: ThesisOutcome }) {
  return (
    <Tag bordered={false} style={OUTCOME_STYLE[outcome]}>
      {THESIS_OUTCOME_LABELS[outcome]}
    </Tag>
  );
}
