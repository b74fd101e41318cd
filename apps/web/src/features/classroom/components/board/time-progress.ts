/** Where a class is against its schedule, for the board's time progress bar. */
export interface TimeProgress {
  /** before the start, during the slot, or past its end. */
  phase: 'before' | 'during' | 'after';
  /** 0–100, whole numbers: the share of the scheduled time gone by. */
  percent: number;
  /** Minutes since the start (0 before it). */
  elapsedMinutes: number;
  /** The scheduled length in minutes. */
  totalMinutes: number;
  /** What the bar says, e.g. 已进行 25 分钟 / 共 90 分钟. */
  label: string;
}

const MINUTE = 60_000;

/** A length of time in Chinese: 45 分钟, 1 小时 30 分钟, 2 小时. */
export function durationText(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} 分钟`;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}

/** The lecturer's 开始 and 结束, when pressed (epoch ms). */
export interface Overrides {
  startedAt?: number | null;
  endedAt?: number | null;
}

/**
 * The time elapsed against the schedule at `now` (epoch ms). A class started early by 开始 counts
 * from then, for its scheduled length; one ended by 结束 is full and says how long it ran. Past the
 * end the bar is full and says how long the class ran over, since a live class often does.
 */
export function timeProgress(
  scheduledStart: number,
  scheduledEnd: number,
  now: number,
  overrides: Overrides = {},
): TimeProgress {
  const total = Math.max(MINUTE, scheduledEnd - scheduledStart);
  const totalMinutes = Math.round(total / MINUTE);
  const early = overrides.startedAt != null && overrides.startedAt < scheduledStart;
  const startAt = early ? (overrides.startedAt as number) : scheduledStart;
  const endAt = early ? startAt + total : scheduledEnd;
  if (overrides.endedAt != null) {
    const ran = Math.max(0, Math.floor((overrides.endedAt - (overrides.startedAt ?? startAt)) / MINUTE));
    return {
      phase: 'after',
      percent: 100,
      elapsedMinutes: ran,
      totalMinutes,
      label: `已结束，共进行 ${durationText(ran)}`,
    };
  }
  if (now < startAt) {
    const wait = Math.ceil((startAt - now) / MINUTE);
    return { phase: 'before', percent: 0, elapsedMinutes: 0, totalMinutes, label: `${durationText(wait)}后开始` };
  }
  const elapsed = now - startAt;
  const elapsedMinutes = Math.floor(elapsed / MINUTE);
  if (now >= endAt) {
    const over = Math.floor((now - endAt) / MINUTE);
    return {
      phase: 'after',
      percent: 100,
      elapsedMinutes,
      totalMinutes,
      label: over > 0 ? `已超出计划 ${durationText(over)}` : `共 ${durationText(totalMinutes)}，已到计划结束时间`,
    };
  }
  return {
    phase: 'during',
    percent: Math.min(100, Math.floor((elapsed / total) * 100)),
    elapsedMinutes,
    totalMinutes,
    label: `已进行 ${durationText(elapsedMinutes)} / 共 ${durationText(totalMinutes)}`,
  };
}
