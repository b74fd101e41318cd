import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { TONES, type Tone } from './tone.ts';

export type { Tone } from './tone.ts';

/** A tag in one of the contrast-safe tones; `bordered={false}` drops the border for a softer look. */
export function ToneTag({
  tone,
  children,
  testId,
  bordered = true,
}: {
  tone: Tone;
  children: ReactNode;
  testId?: string;
  bordered?: boolean;
}) {
  return (
    <Tag bordered={bordered} style={TONES[tone]} data-testid={testId}>
      {children}
    </Tag>
  );
}
