// Every time the app shows is Beijing time (issue 32 §3): the exam board's schedules, windows and
// deadlines are set in it, and the server words its refusals in it. A device on another zone sees
// the same digits, labelled 北京时间. No dayjs here, so the module runs in Node's tests as is.

export const BEIJING_TIME_ZONE = 'Asia/Shanghai';
/** Asia/Shanghai has kept UTC+8 without daylight saving since 1991. */
const BEIJING_OFFSET_MS = 8 * 3_600_000;

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: BEIJING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface BeijingParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

type Instant = number | string | Date;

const epochOf = (value: Instant): number => (value instanceof Date ? value.getTime() : new Date(value).getTime());

/** The calendar and clock of an instant in Beijing. */
export function beijingParts(value: Instant): BeijingParts {
  const parts = PARTS.formatToParts(epochOf(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant in Beijing time by a dayjs-style pattern (YYYY, MM, M, DD, D, HH, mm, ss; text in
 * [brackets] is kept): `formatBeijing(t, 'YYYY-MM-DD HH:mm')` → `2026-11-25 13:00` on any device.
 */
export function formatBeijing(value: Instant, pattern = 'YYYY-MM-DD HH:mm'): string {
  const p = beijingParts(value);
  const tokens: Record<string, string> = {
    YYYY: String(p.year),
    MM: two(p.month),
    M: String(p.month),
    DD: two(p.day),
    D: String(p.day),
    HH: two(p.hour),
    mm: two(p.minute),
    ss: two(p.second),
  };
  return pattern.replace(/\[([^\]]*)]|YYYY|MM|M|DD|D|HH|mm|ss/g, (match, kept: string | undefined) =>
    kept !== undefined ? kept : (tokens[match] ?? match),
  );
}

/** Whether two instants fall on the same Beijing day. */
export function sameBeijingDay(a: Instant, b: Instant): boolean {
  return formatBeijing(a, 'YYYY-MM-DD') === formatBeijing(b, 'YYYY-MM-DD');
}

/** Whether this device's clock reads Beijing time at that instant (its zone is UTC+8 then). */
export function deviceOnBeijingTime(at: Instant = Date.now()): boolean {
  return new Date(epochOf(at)).getTimezoneOffset() === -BEIJING_OFFSET_MS / 60_000;
}

export const BEIJING_LABEL = '北京时间';

/** `text（北京时间）` on a device whose clock reads another zone; the text alone on one in Beijing. */
export function withZoneNote(text: string, at: Instant = Date.now()): string {
  return deviceOnBeijingTime(at) ? text : `${text}（${BEIJING_LABEL}）`;
}

/**
 * For date pickers, which work on the device's clock: a device-local Date whose wall clock reads
 * what Beijing's reads at `value`, and back (`fromBeijingWallClock`), so an admin abroad picks
 * 13:00 and means 13:00 Beijing.
 */
export function toBeijingWallClock(value: Instant): Date {
  const p = beijingParts(value);
  return new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

/** The instant whose Beijing wall clock reads what `local` (a picker's device-local Date) reads. */
export function fromBeijingWallClock(local: Date): number {
  const wall = Date.UTC(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    local.getMilliseconds(),
  );
  return wall - BEIJING_OFFSET_MS;
}
