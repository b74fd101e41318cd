import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type CourseDto,
  type CourseListQuery,
  LIVE_COURSE_STATUS_LABELS,
  LIVE_COURSE_STATUSES,
  type LiveCourseStatus,
} from '@zikao/contract/course';
import { Button, Card, Empty, Input, Pagination, Select, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { courseApi, courseKeys } from '../api/course-api.ts';
import { CourseCard, type CourseDialog } from './list/course-card.tsx';
import { CourseLinksDialog } from './list/course-links-dialog.tsx';
import { CoursewareDrawer } from './list/courseware-drawer.tsx';
import { ViewerLinkDialog } from './list/viewer-link-dialog.tsx';
import './list/classroom-list.css';

type TabKey = 'all' | LiveCourseStatus;

/** The list's query as this screen keeps it (the contract's input type leaves coerced fields loose). */
interface ListState extends CourseListQuery {
  page: number;
  pageSize: number;
  order: 'asc' | 'desc';
}

/** A course's status moves with the clock: the list is asked again this often while shown. */
const REFRESH_MS = 60_000;

/**
 * 直播课程 (/classroom/list, ClassroomList, cached): a teacher's own courses, an admin's all. Tabs
 * by status with counts, search, sort by time and paging; per course 开始 / 结束, 打开板书, 复制学员链接,
 * 课件, 直播地址 and, once ended, 回放.
 */
export default function ClassroomListScreen() {
  const [query, setQuery] = useState<ListState>({ page: 1, pageSize: 10, order: 'desc' });
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<{ course: CourseDto; dialog: CourseDialog } | null>(null);
  const list = useQuery({
    queryKey: courseKeys.list(query),
    queryFn: ({ signal }) => courseApi.list(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const counts = list.data?.counts;
  const tab: TabKey = query.status ?? 'all';
  const rows = list.data?.list ?? [];
  const filtered = Boolean(query.keyword);
  // The dialog's course as the list now has it (a start or an upload changes it).
  const dialogCourse = open ? (rows.find((row) => row.id === open.course.id) ?? open.course) : null;

  const tabLabel = (key: TabKey) => {
    const label = key === 'all' ? '全部' : LIVE_COURSE_STATUS_LABELS[key];
    return counts ? `${label} ${counts[key]}` : label;
  };

  return (
    <Page
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isRefetching}>
          刷新
        </Button>
      }
    >
      <Card variant="borderless" className="cl-list-card">
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setQuery((current) => ({
              ...current,
              page: 1,
              status: key === 'all' ? undefined : (key as LiveCourseStatus),
            }))
          }
          items={(['all', ...LIVE_COURSE_STATUSES] as TabKey[]).map((key) => ({ key, label: tabLabel(key) }))}
        />
        <search className="cl-toolbar" aria-label="搜索课程">
          <Input.Search
            aria-label="搜索课程名称"
            placeholder="搜索课程名称"
            allowClear
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={(value) => setQuery((current) => ({ ...current, page: 1, keyword: value.trim() || undefined }))}
            style={{ maxWidth: 320 }}
          />
          <Select
            aria-label="排序"
            value={query.order}
            onChange={(order) => setQuery((current) => ({ ...current, page: 1, order }))}
            options={[
              { value: 'desc', label: '开课时间：由晚到早' },
              { value: 'asc', label: '开课时间：由早到晚' },
            ]}
            style={{ width: 190 }}
          />
        </search>
        {list.isError && (
          <ErrorState variant="inline" subject="课程" error={list.error} onRetry={() => void list.refetch()} />
        )}
        {list.isPending ? (
          <div role="status" aria-label="课程加载中">
            <Skeleton active paragraph={{ rows: 3 }} />
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        ) : rows.length === 0 && !list.isError ? (
          <Empty
            className="cl-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              filtered
                ? '没有符合条件的课程'
                : tab === 'all'
                  ? '还没有安排给你的直播课程。管理员在“课程管理”中排课后，会显示在这里。'
                  : `没有${LIVE_COURSE_STATUS_LABELS[tab]}的课程`
            }
          />
        ) : (
          <div className="cl-courses" aria-busy={list.isFetching}>
            {rows.map((course) => (
              <CourseCard key={course.id} course={course} onDialog={(dialog) => setOpen({ course, dialog })} />
            ))}
          </div>
        )}
        {(list.data?.total ?? 0) > 0 && (
          <Pagination
            className="cl-pager"
            current={query.page}
            pageSize={query.pageSize}
            total={list.data?.total ?? 0}
            showSizeChanger
            pageSizeOptions={[10, 20, 50]}
            showTotal={(total) => `共 ${total} 门课程`}
            onChange={(page, pageSize) =>
              setQuery((current) => ({ ...current, page: pageSize === current.pageSize ? page : 1, pageSize }))
            }
          />
        )}
      </Card>
      {open && dialogCourse && open.dialog === 'courseware' && (
        <CoursewareDrawer course={dialogCourse} onClose={() => setOpen(null)} />
      )}
      {open && dialogCourse && open.dialog === 'links' && (
        <CourseLinksDialog course={dialogCourse} onClose={() => setOpen(null)} />
      )}
      {open && typeof open.dialog === 'object' && (
        <ViewerLinkDialog
          title={open.course.title}
          address={open.dialog.viewerLink}
          expiresAt={open.dialog.expiresAt}
          onClose={() => setOpen(null)}
        />
      )}
    </Page>
  );
}
