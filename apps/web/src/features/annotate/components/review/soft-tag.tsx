import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** Text and background pairs that keep WCAG AA contrast (antd's preset tag colours do not). */
const TONES = {
  grey: { color: '#434343', background: '#f5f5f5' },
  blue: { color: '#1d4ed8', background: '#eff6ff' },
  indigo: { color: '#1e40af', background: '#e0e7ff' },
  orange: { color: '#9a3412', background: '#fff7ed' },
  green: { color: '#166534', background: '#f0fdf4' },
  red: { color: '#b91c1c', background: '#fef2f2' },
  purple: { color: '#6b21a8', background: '#faf5ff' },
  cyan: { color: '#155e75', background: '#ecfeff' },
  yellow: { color: '#854d0e', background: '#fefce8' },
} as const;

export type Tone = keyof typeof TONES;

export function SoftTag({ tone, children, testId }: { tone: Tone; children: ReactNode; testId?: string }) {
  return (
    <Tag bordered={false} style={TONES[tone]} data-testid={testId}>
      {children}
    </Tag>
  );
}
