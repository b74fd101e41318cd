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
  // An inline border colour would outdo antd's transparent border on a borderless tag.
  const { borderColor, ...tint } = TONES[tone];
  return (
    <Tag bordered={bordered} style={bordered ? { ...tint, borderColor } : tint} data-testid={testId}>
      {children}
    </Tag>
  );
}
