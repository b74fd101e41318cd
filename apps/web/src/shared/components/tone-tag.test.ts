import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SUBMISSION_STATUSES } from '@zikao/contract/review';
import { SUBMISSION_STATUS_TONE, submissionStatusLabel, TONES, type Tone } from './tone.ts';

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('tone palette', () => {
  it('keeps every tone’s text readable against its tint (WCAG AA)', () => {
    const tones = Object.keys(TONES) as Tone[];
    assert.ok(tones.length >= 9);
    for (const tone of tones) {
      const { color, background, borderColor } = TONES[tone];
      for (const hex of [color, background, borderColor]) assert.match(hex, /^#[0-9a-f]{6}$/);
      assert.ok(contrast(color, background) >= 4.5, `${tone}: ${contrast(color, background).toFixed(2)}`);
    }
  });

  it('gives every submission status its own tone', () => {
    assert.deepEqual(Object.keys(SUBMISSION_STATUS_TONE).sort(), [...SUBMISSION_STATUSES].sort());
    const tones = new Set(SUBMISSION_STATUSES.map((s) => SUBMISSION_STATUS_TONE[s]));
    assert.equal(tones.size, SUBMISSION_STATUSES.length, 'each status has its own tone');
    const colours = new Set([...tones].map((t) => TONES[t].color));
    assert.equal(colours.size, SUBMISSION_STATUSES.length, 'each status has its own colour');
  });

  it('labels every status in Chinese, and shows an unknown code as it is', () => {
    assert.deepEqual(SUBMISSION_STATUSES.map(submissionStatusLabel), [
      '待分配',
      '待评阅',
      '评阅中',
      '退回修改',
      '已通过',
      '未通过',
      '待复核',
      '已复核',
    ]);
    assert.equal(submissionStatusLabel('archived'), 'archived');
  });
});
