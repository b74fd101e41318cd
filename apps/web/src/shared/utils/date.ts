import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { DATE_FORMAT } from '../config/constants.ts';
import { formatBeijing } from './beijing-time.ts';

// dayjs is set up here rather than at start-up: only screens that show dates load it.
dayjs.locale('zh-cn');

/** A date in the default format (YYYY-MM-DD) in Beijing time (beijing-time.ts), or '—' when there is none. */
export function formatDate(value: number | string | Date | null | undefined, format = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '' || value === 0) return '—';
  return formatBeijing(value, format);
}

export function formatDateTime(value: number | string | Date | null | undefined): string {
  return formatDate(value, `${DATE_FORMAT} HH:mm:ss`);
}
