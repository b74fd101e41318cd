import { LIVE_COURSE_STATUS_LABELS, type LiveCourseStatus } from '@zikao/contract/course';
import { type Tone, ToneTag } from '../../../shared/components/tone-tag.tsx';

const STATUS_TONE: Record<LiveCourseStatus, Tone> = { upcoming: 'blue', live: 'red', ended: 'grey' };

/** 未开始 / 直播中 / 已结束, or 已取消 for a cancelled course. */
export function CourseStatusTag({ status, cancelled }: { status: LiveCourseStatus; cancelled?: boolean }) {
  if (cancelled) {
    return (
      <ToneTag tone="orange" testId="course-status">
        已取消
      </ToneTag>
    );
  }
  return (
    <ToneTag tone={STATUS_TONE[status]} testId="course-status">
      {status === 'live' && <span className="cl-live-dot" aria-hidden />}
      {LIVE_COURSE_STATUS_LABELS[status]}
    </ToneTag>
  );
}
