/** A ratio 0–1 as a percentage with one decimal at most: 0.5 → 50%, 2/3 → 66.7%. */
export function formatPercent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  const value = Math.round(Math.min(1, Math.max(0, ratio)) * 1000) / 10;
  return `${value}%`;
}

/** A 0–100 score with one decimal at most: 72 → 72, 66.66 → 66.7. */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '—';
  return String(Math.round(score * 10) / 10);
}

/** Time spent as a person reads it: 45 秒, 12 分 5 秒, 1 小时 3 分. */
export function formatSpent(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} 分 ${seconds % 60} 秒`;
  return `${Math.floor(minutes / 60)} 小时 ${minutes % 60} 分`;
}

/** A running timer: 05:07, or 1:02:03 past an hour. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = `${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}
