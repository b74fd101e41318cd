import {
  ClockCircleOutlined,
  DesktopOutlined,
  PlayCircleOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LIVE_COURSE_STATUS_LABELS, type LiveCourseDto, type LiveCourseStatus } from '@zikao/contract/student-info';
import { Button, Card, Col, Empty, Row, Typography } from 'antd';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { studentInfoApi } from '../../api/student-info-api.ts';
import { LoadingPage } from '../page-states.tsx';
import { orderCourses } from './course-order.ts';
import './student-course.css';

const STATUS_TONE: Record<LiveCourseStatus, Tone> = { upcoming: 'blue', live: 'red', ended: 'grey' };

/** While shown, the list is asked again this often: a course turns 直播中 at its start. */
const REFRESH_MS = 60_000;

function slot(course: LiveCourseDto): string {
  const sameDay = formatDate(course.startAt) === formatDate(course.endAt);
  return `${formatDate(course.startAt, 'YYYY-MM-DD HH:mm')} 至 ${formatDate(course.endAt, sameDay ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
}

function CourseCard({ course }: { course: LiveCourseDto }) {
  const live = course.status === 'live';
  const ended = course.status === 'ended';
  return (
    <Card
      variant="borderless"
      className={`sc-course${live ? ' is-live' : ''}`}
      title={<h2 className="sc-course-title">{course.title}</h2>}
      extra={
        <ToneTag tone={STATUS_TONE[course.status]} testId="student-course-status">
          {LIVE_COURSE_STATUS_LABELS[course.status]}
        </ToneTag>
      }
      data-testid="student-course"
    >
      <ul className="sc-facts">
        <li>
          <ClockCircleOutlined aria-hidden /> {slot(course)}
        </li>
        <li>
          <UserOutlined aria-hidden /> 主讲教师：{course.lecturer}
        </li>
        {course.pageCount > 0 && <li>课件 {course.pageCount} 页</li>}
      </ul>
      <div className="sc-actions">
        {course.boardUrl && (
          <Button
            type={live ? 'primary' : 'default'}
            icon={<DesktopOutlined />}
            href={course.boardUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`进入课堂：${course.title}`}
          >
            进入课堂
          </Button>
        )}
        {live && course.streamUrl && (
          <Button icon={<VideoCameraOutlined />} href={course.streamUrl} target="_blank" rel="noopener noreferrer">
            观看直播
          </Button>
        )}
        {ended && course.playbackUrl && (
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            href={course.playbackUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`观看回放：${course.title}`}
          >
            观看回放
          </Button>
        )}
        {ended && !course.playbackUrl && (
          <Typography.Text type="secondary">回放整理中，稍后可在这里观看</Typography.Text>
        )}
        {course.status === 'upcoming' && (
          <Typography.Text type="secondary">
            {course.pageCount > 0 ? '开课前可先进入课堂查看课件' : '老师上传课件后可在课堂中查看'}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}

/** 课程: the candidate's live courses, live ones first: 进入课堂 (the board), the stream, and the playback once ended. */
export function StudentCourseScreen() {
  const courses = useQuery({
    queryKey: ['student', 'courses'],
    queryFn: ({ signal }) => studentInfoApi.courses(signal),
    refetchInterval: REFRESH_MS,
  });
  if (courses.isPending) return <LoadingPage />;
  if (courses.isError) {
    return (
      <Page>
        <ErrorState
          subject="课程"
          error={courses.error}
          description="请稍后刷新重试。"
          onRetry={() => void courses.refetch()}
        />
      </Page>
    );
  }
  const list = orderCourses(courses.data.list);
  return (
    <Page>
      {list.length === 0 ? (
        <Card variant="borderless">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <Typography.Text strong>暂无可参加的直播课程</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  考办安排直播课程后，将在这里显示课程时间、主讲教师和进入课堂或观看回放的入口。
                </Typography.Text>
              </>
            }
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((course) => (
            <Col key={course.id} xs={24} md={12} xl={8}>
              <CourseCard course={course} />
            </Col>
          ))}
        </Row>
      )}
    </Page>
  );
}
