import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import { timeProgress } from './time-progress.ts';

/** The clock, ticking every `everyMs`: enough for a bar counted in minutes. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** 进度: the page (n / N) and the time gone by against the schedule, as two small bars. */
export function BoardProgress({
  page,
  total,
  startAt,
  endAt,
  skewMs = 0,
  startedAt = null,
  endedAt = null,
}: {
  page: number;
  total: number;
  startAt: number;
  endAt: number;
  /** The server's clock less this one's. */
  skewMs?: number;
  /** The lecturer's 开始 and 结束. */
  startedAt?: number | null;
  endedAt?: number | null;
}) {
  const now = useNow() + skewMs;
  const time = timeProgress(startAt, endAt, now, { startedAt, endedAt });
  const pagePercent = total > 0 ? Math.round((page / total) * 100) : 0;
  return (
    <div className="bd-progress" data-testid="board-progress">
      <div className="bd-progress-item">
        <span className="bd-progress-label">课件进度</span>
        <Progress
          size="small"
          percent={pagePercent}
          format={() => `${page} / ${total}`}
          aria-label={`课件进度：第 ${page} 页，共 ${total} 页`}
        />
      </div>
      <div className="bd-progress-item">
        <span className="bd-progress-label">课程时间</span>
        <Progress
          size="small"
          percent={time.percent}
          status={time.phase === 'after' ? 'normal' : time.phase === 'during' ? 'active' : 'normal'}
          format={() => time.label}
          aria-label={`课程时间：${time.label}`}
        />
      </div>
    </div>
  );
}
