import { formatBeijing, sameBeijingDay, withZoneNote } from '../../../shared/utils/beijing-time.ts';

/** 1.2 MB and the like. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A course's slot in Beijing time: 2026-11-25 09:00–10:30, or both dates when it runs past
 * midnight; labelled 北京时间 on a device on another zone.
 */
export function scheduleText(startAt: number, endAt: number): string {
  const end = formatBeijing(endAt, sameBeijingDay(startAt, endAt) ? 'HH:mm' : 'YYYY-MM-DD HH:mm');
  return withZoneNote(`${formatBeijing(startAt, 'YYYY-MM-DD HH:mm')}–${end}`, startAt);
}

/** The file's extension, lower case, with its dot: `.pptx`. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Why a file cannot go up, before sending it: its type is not in `accept` (a comma list of
 * extensions) or it is larger than `maxBytes`. Null when it may go; the server checks the content.
 */
export function fileRefusal(file: { name: string; size: number }, accept: string, maxBytes: number): string | null {
  const allowed = accept.split(',').map((item) => item.trim().toLowerCase());
  if (!allowed.includes(extensionOf(file.name))) {
    return `不支持该文件类型，请上传 ${allowed.map((item) => item.slice(1).toUpperCase()).join('、')} 文件`;
  }
  if (file.size > maxBytes) return `文件超过 ${Math.round(maxBytes / 1024 / 1024)} MB`;
  if (file.size === 0) return '文件是空的';
  return null;
}
