/**
 * The browser's time zone. The web app shows times on the browser's clock, and its users are in
 * China: the suite's browsers run on Beijing time, whatever the machine's zone, so that what a
 * test sees (today's courses, a deadline, a date picked in a form) does not depend on where it runs.
 */
export const BROWSER_TIME_ZONE = 'Asia/Shanghai';

const WALL_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: BROWSER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the browser's clock reads it: `2026-11-28 14:05:09`. */
export function wallClock(ms: number): string {
  const parts = WALL_CLOCK.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
