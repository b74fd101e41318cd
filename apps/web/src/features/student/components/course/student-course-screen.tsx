import { PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LIVE_COURSE_STATUS_LABELS, type LiveCourseDto, type LiveCourseStatus } from '@zikao/contract/student-info';
import { Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { formatDate } from '../../../../shared/utils/date.ts';
import { studentInfoApi } from '../../api/student-info-api.ts';
import { LoadingPage } from '../page-states.tsx';

const STATUS_TONE: Record<LiveCourseStatus, Tone> = { upcoming: 'blue', live: 'red', ended: 'grey' };

function CourseCard({ course }: { course: LiveCourseDto }) {
  const action =
    course.status === 'live' && course.url ? (
      <Button type="primary" icon={<VideoCameraOutlined />} href={course.url} target="_blank" rel="noopener noreferrer">
        进入直播
      </Button>
    ) : course.status === 'ended' && course.url ? (
      <Button icon={<PlayCircleOutlined />} href={course.url} target="_blank" rel="noopener noreferrer">
        观看回放
      </Button>
    ) : null;
  return (
    <Card
      variant="borderless"
      title={course.title}
      extra={<ToneTag tone={STATUS_TONE[course.status]}>{LIVE_COURSE_STATUS_LABELS[course.status]}</ToneTag>}
    >
      <Space direction="vertical">
        <Typography.Text>主讲教师：{course.lecturer}</Typography.Text>
        <Typography.Text type="secondary">
          {formatDate(course.startAt, 'YYYY-MM-DD HH:mm')} 至 {formatDate(course.endAt, 'HH:mm')}
        </Typography.Text>
        {action}
      </Space>
    </Card>
  );
}

/** 课程: live courses the candidate can join, or playback once they have ended. */
export function StudentCourseScreen() {
  const courses = useQuery({
    queryKey: ['student', 'courses'],
    queryFn: ({ signal }) => studentInfoApi.courses(signal),
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
  return (
    <Page>
      {courses.data.list.length === 0 ? (
        <Card variant="borderless">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <Typography.Text strong>暂无可参加的直播课程</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  考办安排直播课程后，将在这里显示课程时间、主讲教师和进入直播或观看回放的入口。
                </Typography.Text>
              </>
            }
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {courses.data.list.map((course) => (
            <Col key={course.id} xs={24} md={12} xl={8}>
              <CourseCard course={course} />
            </Col>
          ))}
        </Row>
      )}
    </Page>
  );
}
