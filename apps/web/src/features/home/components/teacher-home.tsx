import { EditOutlined, FormOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type CourseDto, LIVE_COURSE_STATUS_LABELS, type LiveCourseStatus } from '@zikao/contract/course';
import type { PracticeCardDto, PracticeThesisDto } from '@zikao/contract/practice';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { type Tone, ToneTag } from '../../../shared/components/tone-tag.tsx';
import { homeApi, homeKeys } from '../api/home-api.ts';
import { courseTimeText, isToday, practiceSummaryText } from './home-format.ts';
import { greeting, HomeCard, HomeSkeleton, NextActionCard, StatTile } from './home-parts.tsx';
import { type TeacherNext, teacherNext } from './next-action.ts';
import { openPresenterBoard } from './open-board.ts';

const STATUS_TONE: Record<LiveCourseStatus, Tone> = { upcoming: 'blue', live: 'red', ended: 'grey' };
const CLASSROOM_PATH = '/classroom/list';
const PRACTICE_PATH = '/annotate/practice/list';
const practicePath = (thesisId: number) => `/annotate/practice/review/${thesisId}`;

/** Live, upcoming and ended courses, each tab sorted as a teacher reads a day: by start time. */
function useCourses() {
  const live = useQuery({
    queryKey: homeKeys.courses({ status: 'live', order: 'asc', page: 1, pageSize: 20 }),
    queryFn: ({ signal }) => homeApi.courses({ status: 'live', order: 'asc', page: 1, pageSize: 20 }, signal),
  });
  const upcoming = useQuery({
    queryKey: homeKeys.courses({ status: 'upcoming', order: 'asc', page: 1, pageSize: 20 }),
    queryFn: ({ signal }) => homeApi.courses({ status: 'upcoming', order: 'asc', page: 1, pageSize: 20 }, signal),
  });
  const ended = useQuery({
    queryKey: homeKeys.courses({ status: 'ended', order: 'desc', page: 1, pageSize: 20 }),
    queryFn: ({ signal }) => homeApi.courses({ status: 'ended', order: 'desc', page: 1, pageSize: 20 }, signal),
  });
  return { live, upcoming, ended, all: [live, upcoming, ended] };
}

/** One course; `board` offers 打开板书 (today's courses the caller runs, not yet ended). */
function CourseItem({ course, now, board }: { course: CourseDto; now: number; board: boolean }) {
  const [opening, setOpening] = useState(false);
  const place = [...course.batches.map((batch) => batch.name), ...course.majors].join('、');
  const open = async () => {
    setOpening(true);
    await openPresenterBoard(course.id);
    setOpening(false);
  };
  return (
    <li data-testid="home-course">
      <div className="home-item-main">
        <span className="home-item-title">{course.title}</span>
        <div className="home-item-meta">
          <ToneTag tone={STATUS_TONE[course.status]}>{LIVE_COURSE_STATUS_LABELS[course.status]}</ToneTag>
          <span>{courseTimeText(course.startAt, course.endAt, now)}</span>
          {place ? <span>{place}</span> : null}
          <span>课件 {course.coursewareCount} 份</span>
          {course.attendanceCount > 0 ? <span>出勤 {course.attendanceCount} 人</span> : null}
        </div>
      </div>
      {board && course.canManage && course.status !== 'ended' ? (
        <div className="home-item-side">
          <Button size="small" icon={<PlayCircleOutlined />} loading={opening} onClick={() => void open()}>
            打开板书
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function nextCard(next: TeacherNext, go: (path: string) => void, opening: boolean, open: (id: number) => void) {
  switch (next.kind) {
    case 'board':
      return {
        title: `正在直播：${next.course.title}`,
        action: {
          label: '打开板书',
          icon: <PlayCircleOutlined />,
          loading: opening,
          onClick: () => open(next.course.id),
        },
      };
    case 'prepare':
      return {
        title: `今天的下一节课：${next.course.title}`,
        action: { label: '准备课程', icon: <VideoCameraOutlined />, onClick: () => go(CLASSROOM_PATH) },
      };
    case 'resume':
      return {
        title: `继续批注练习：${next.thesis.title}`,
        action: { label: '继续练习', icon: <EditOutlined />, onClick: () => go(practicePath(next.thesis.id)) },
      };
    case 'start':
      return {
        title: `开始一篇新的批注练习：${next.thesis.title}`,
        action: { label: '开始练习', icon: <FormOutlined />, onClick: () => go(practicePath(next.thesis.id)) },
      };
    case 'practice':
      return {
        title: '今天没有课程，可以做一篇批注练习',
        action: { label: '去练习', icon: <FormOutlined />, onClick: () => go(PRACTICE_PATH) },
      };
  }
}

function PracticeSummary({ card, theses }: { card: PracticeCardDto; theses: PracticeThesisDto[] }) {
  const recent = card.trend.slice(-12);
  const open = theses.filter((thesis) => thesis.openAttemptId !== null);
  return (
    <>
      {recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有提交过练习" />
      ) : (
        <>
          <div
            className="home-scores"
            role="img"
            aria-label={`最近 ${recent.length} 次得分：${recent.map((point) => point.score).join('、')}`}
          >
            {recent.map((point) => (
              <span key={point.attemptId} className="home-score" aria-hidden="true">
                {Math.round(point.score)}
                <span className="home-score-bar" style={{ height: `${Math.max(4, point.score) * 0.7}%` }} />
              </span>
            ))}
          </div>
          <p className="home-item-meta">最近 {recent.length} 次得分，从左到右由早到近</p>
        </>
      )}
      <p className="home-item-meta">{practiceSummaryText(theses)}</p>
      {open.length > 0 ? (
        <ul className="home-list" aria-label="未完成的练习">
          {open.map((thesis) => (
            <li key={thesis.id}>
              <div className="home-item-main">
                <Link to={practicePath(thesis.id)} className="home-item-title">
                  {thesis.title}
                </Link>
                <span className="home-item-meta">未完成，进度已自动保存</span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * 首页 of a teacher: today's courses (live first) with 打开板书, annotation practice at a glance,
 * and one next action: the live class, today's next class, or the practice to carry on with.
 */
export function TeacherHomeView({ name }: { name: string }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const courses = useCourses();
  const card = useQuery({ queryKey: homeKeys.practiceCard, queryFn: ({ signal }) => homeApi.practiceCard(signal) });
  const theses = useQuery({
    queryKey: homeKeys.practiceTheses,
    queryFn: ({ signal }) => homeApi.practiceTheses(signal),
  });

  if (courses.all.some((query) => query.isPending) || card.isPending || theses.isPending) return <HomeSkeleton />;
  const now = courses.live.data?.serverTime ?? Date.now();
  const today = [
    ...(courses.live.data?.list ?? []),
    ...(courses.upcoming.data?.list ?? []),
    ...(courses.ended.data?.list ?? []),
  ].filter((course) => isToday(course, now));
  const later = (courses.upcoming.data?.list ?? []).filter((course) => !isToday(course, now)).slice(0, 3);
  const practiceTheses = theses.data?.list ?? [];
  const next = teacherNext(today, practiceTheses);
  const open = async (courseId: number) => {
    setOpening(true);
    await openPresenterBoard(courseId);
    setOpening(false);
  };
  const action = nextCard(next, navigate, opening, (id) => void open(id));
  const coursesFailed = courses.all.find((query) => query.isError);
  const liveCount = today.filter((course) => course.status === 'live').length;

  return (
    <div className="home-grid">
      <div className="home-span-2">
        <NextActionCard
          heading={`${name ? `${name}，` : ''}${greeting()}！今天有 ${today.length} 节课${liveCount > 0 ? `，${liveCount} 节正在直播` : ''}。`}
          title={action.title}
          action={action.action}
        />
      </div>
      <div className="home-stats home-stats-4">
        <StatTile label="今日课程" value={today.length} suffix="节" testId="home-stat-today" />
        <StatTile label="练习次数" value={card.data?.attempts ?? 0} suffix="次" />
        <StatTile label="平均分" value={card.data?.averageScore ?? '—'} />
        <StatTile label="最高分" value={card.data?.bestScore ?? '—'} />
      </div>

      <div className="home-span-2">
        <HomeCard title="今日课程" more={{ to: CLASSROOM_PATH, label: '全部课程' }} testId="home-courses">
          {coursesFailed ? (
            <ErrorState
              variant="inline"
              subject="课程"
              error={coursesFailed.error}
              onRetry={() => courses.all.forEach((query) => void query.refetch())}
            />
          ) : (
            <>
              {today.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今天没有课程" />
              ) : (
                <ul className="home-list" aria-label="今日课程">
                  {today.map((course) => (
                    <CourseItem key={course.id} course={course} now={now} board />
                  ))}
                </ul>
              )}
              {later.length > 0 ? (
                <>
                  <h3 className="home-subtitle">接下来</h3>
                  <ul className="home-list" aria-label="接下来的课程">
                    {later.map((course) => (
                      <CourseItem key={course.id} course={course} now={now} board={false} />
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          )}
        </HomeCard>
      </div>
      <HomeCard title="批注练习" more={{ to: PRACTICE_PATH, label: '全部练习' }} testId="home-practice">
        {card.isError || theses.isError ? (
          <ErrorState
            variant="inline"
            subject="练习"
            error={card.error ?? theses.error}
            onRetry={() => {
              void card.refetch();
              void theses.refetch();
            }}
          />
        ) : card.data ? (
          <PracticeSummary card={card.data} theses={practiceTheses} />
        ) : (
          <Skeleton active />
        )}
      </HomeCard>
    </div>
  );
}
