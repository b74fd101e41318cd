import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { scheduleText } from '../course-format.ts';

export type BoardTab = 'courseware' | 'uploads' | 'attendance';

interface BoardFrameProps {
  title: string;
  lecturer: string;
  startAt: number;
  endAt: number;
  /** 主讲 or 学员: whose board this is. */
  roleLabel: string;
  /** The course's status tag. */
  status: ReactNode;
  connection: ReactNode;
  /** 同步 (presenter) or 跟随老师 (viewer). */
  sync: ReactNode;
  tab: BoardTab;
  onTab(tab: BoardTab): void;
  courseware: ReactNode;
  uploads: ReactNode;
  uploadCount: number;
  attendance: ReactNode;
  attendanceCount: number;
}

/**
 * The board's frame, outside the app's layout and login (seed §2): the course and its lecturer,
 * the connection, 同步, and the tabs 课件 / 学员上传 / 出勤.
 */
export function BoardFrame(props: BoardFrameProps) {
  const counted = (label: string, count: number) => (
    <span>
      {label}
      {count > 0 && <Badge className="bd-tab-count" count={count} overflowCount={999} showZero={false} />}
    </span>
  );
  return (
    <div className="bd-page">
      <header className="bd-bar">
        <span className="bd-brand">
          <img src="/favicon.svg" alt="" />
          <span>自考在线</span>
        </span>
        <div className="bd-heading">
          <h1 className="bd-title" data-testid="board-title">
            {props.title}
          </h1>
          <div className="bd-facts">
            {props.status}
            <span>
              <UserOutlined aria-hidden /> {props.lecturer}
            </span>
            <span>
              <ClockCircleOutlined aria-hidden /> {scheduleText(props.startAt, props.endAt)}
            </span>
            <span className="bd-role">{props.roleLabel}</span>
          </div>
        </div>
        <div className="bd-bar-side">
          {props.sync}
          {props.connection}
        </div>
      </header>
      <main id="main-content" className="bd-main">
        <Tabs
          className="bd-tabs"
          activeKey={props.tab}
          onChange={(key) => props.onTab(key as BoardTab)}
          items={[
            { key: 'courseware', label: '课件', children: props.courseware },
            { key: 'uploads', label: counted('学员上传', props.uploadCount), children: props.uploads },
            { key: 'attendance', label: counted('出勤', props.attendanceCount), children: props.attendance },
          ]}
        />
      </main>
    </div>
  );
}
