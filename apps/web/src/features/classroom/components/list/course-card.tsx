import {
  ClockCircleOutlined,
  DesktopOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  PlayCircleOutlined,
  PoweroffOutlined,
  ShareAltOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDto } from '@zikao/contract/course';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { ConfirmPopover } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { courseApi, courseKeys } from '../../api/course-api.ts';
import { scheduleText } from '../course-format.ts';
import { CourseStatusTag } from '../course-status-tag.tsx';
import { copyToClipboard, openPresenterBoard, viewerLink } from './board-links.ts';

export type CourseDialog = 'courseware' | 'links' | { viewerLink: string; expiresAt: number };

/** One course in /classroom/list: what it is, when, for whom, and what its lecturer can do with it now. */
export function CourseCard({ course, onDialog }: { course: CourseDto; onDialog(dialog: CourseDialog): void }) {
  const queryClient = useQueryClient();
  const [copying, setCopying] = useState(false);
  const [opening, setOpening] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
  const start = useMutation({
    mutationFn: () => courseApi.start(course.id),
    onSuccess: () => {
      toast('课程已开始', 'success');
      refresh();
    },
  });
  const end = useMutation({
    mutationFn: () => courseApi.end(course.id),
    onSuccess: () => {
      toast('课程已结束', 'success');
      refresh();
    },
  });

  const copyViewerLink = async () => {
    setCopying(true);
    const link = await viewerLink(course.id);
    setCopying(false);
    if (!link) return;
    if (await copyToClipboard(link.address)) toast('学员链接已复制，发给学员即可进入课堂', 'success');
    else onDialog({ viewerLink: link.address, expiresAt: link.expiresAt });
  };
  const openBoard = async () => {
    setOpening(true);
    await openPresenterBoard(course.id);
    setOpening(false);
  };

  const { status } = course;
  const targets = [...course.batches.map((batch) => batch.name), ...course.majors];
  const manage = course.canManage && !course.cancelled;

  return (
    <article className="cl-course" aria-labelledby={`course-${course.id}-title`} data-testid="course-card">
      <div className="cl-course-head">
        <h2 id={`course-${course.id}-title`} className="cl-course-title">
          {course.title}
        </h2>
        <CourseStatusTag status={status} cancelled={course.cancelled} />
      </div>
      <div className="cl-course-facts">
        <span>
          <ClockCircleOutlined aria-hidden /> {scheduleText(course.startAt, course.endAt)}
        </span>
        <span>
          <UserOutlined aria-hidden /> 主讲：{course.lecturerName}
        </span>
        <span>
          课件 {course.coursewareCount} 个{course.pageCount > 0 ? `（${course.pageCount} 页）` : ''}
        </span>
        {(status !== 'upcoming' || course.attendanceCount > 0) && <span>出勤 {course.attendanceCount} 人</span>}
        {course.handInCount > 0 && <span>学员上传 {course.handInCount} 份</span>}
      </div>
      {targets.length > 0 && (
        <div className="cl-course-targets">
          <span className="cl-muted">面向：</span>
          {targets.map((name) => (
            <Tag key={name} bordered={false}>
              {name}
            </Tag>
          ))}
        </div>
      )}
      {course.cancelled && course.cancelReason && (
        <p className="cl-muted cl-course-note">取消原因：{course.cancelReason}</p>
      )}
      <div className="cl-course-actions">
        {manage && status === 'upcoming' && (
          <ConfirmPopover
            title="现在开始上课？"
            description="课程将显示为“直播中”，学员的课程页出现“进入课堂”。"
            okText="开始"
            cancelText="取消"
            okButtonProps={{ loading: start.isPending }}
            onConfirm={() => start.mutateAsync().catch(() => undefined)}
          >
            <Button type="primary" icon={<VideoCameraOutlined />} aria-label={`开始：${course.title}`}>
              开始
            </Button>
          </ConfirmPopover>
        )}
        {manage && status === 'live' && (
          <ConfirmPopover
            title="结束这节课？"
            description="课程将显示为“已结束”，学员看到回放地址。"
            okText="结束"
            cancelText="取消"
            okButtonProps={{ danger: true, loading: end.isPending, className: 'cl-danger-ok' }}
            onConfirm={() => end.mutateAsync().catch(() => undefined)}
          >
            <Button danger className="cl-danger" icon={<PoweroffOutlined />} aria-label={`结束：${course.title}`}>
              结束
            </Button>
          </ConfirmPopover>
        )}
        {manage && (
          <Button
            icon={<DesktopOutlined />}
            loading={opening}
            onClick={() => void openBoard()}
            aria-label={`打开板书：${course.title}`}
          >
            打开板书
          </Button>
        )}
        {manage && status !== 'ended' && (
          <Button
            icon={<ShareAltOutlined />}
            loading={copying}
            onClick={() => void copyViewerLink()}
            aria-label={`复制学员链接：${course.title}`}
          >
            复制学员链接
          </Button>
        )}
        {manage && (
          <Button
            icon={<FolderOpenOutlined />}
            onClick={() => onDialog('courseware')}
            aria-label={`课件：${course.title}`}
          >
            课件
          </Button>
        )}
        {manage && (
          <Button icon={<LinkOutlined />} onClick={() => onDialog('links')} aria-label={`直播地址：${course.title}`}>
            直播地址
          </Button>
        )}
        {status === 'live' && course.streamUrl && (
          <Button
            type="link"
            icon={<VideoCameraOutlined />}
            href={course.streamUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            直播间
          </Button>
        )}
        {status === 'ended' && course.playbackUrl && (
          <Button
            type="link"
            icon={<PlayCircleOutlined />}
            href={course.playbackUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="course-playback"
          >
            回放
          </Button>
        )}
      </div>
    </article>
  );
}
