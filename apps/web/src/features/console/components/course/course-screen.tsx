import { EditOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CourseDto,
  type CourseListQuery,
  LIVE_COURSE_STATUS_LABELS,
  LIVE_COURSE_STATUSES,
  type LiveCourseStatus,
} from '@zikao/contract/course';
import { Button, Card, Checkbox, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../../shared/components/error-state.tsx';
import { Page } from '../../../../shared/components/page.tsx';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { type Tone, ToneTag } from '../../../../shared/components/tone-tag.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { formatDate } from '../../../../shared/utils/date.ts';
import { emptyText, SearchCard } from '../shared/list-parts.tsx';
import { listPagination } from '../shared/list-query.ts';
import { courseConsoleApi, courseConsoleKeys } from './course-console-api.ts';
import { CourseFormDrawer } from './course-form-drawer.tsx';
import './course.css';

const STATUS_TONE: Record<LiveCourseStatus, Tone> = { upcoming: 'blue', live: 'red', ended: 'grey' };

interface Filters {
  keyword?: string;
  status?: LiveCourseStatus;
  lecturerId?: number;
  includeCancelled?: boolean;
}

interface Query extends CourseListQuery {
  page: number;
  pageSize: number;
}

/** 2026-12-01 09:00–11:00 */
function slot(course: CourseDto): string {
  const sameDay = formatDate(course.startAt) === formatDate(course.endAt);
  return `${formatDate(course.startAt, 'YYYY-MM-DD HH:mm')}–${formatDate(course.endAt, sameDay ? 'HH:mm' : 'YYYY-MM-DD HH:mm')}`;
}

/**
 * 课程管理 (admins): every live course, filtered by name, status and lecturer; 新建 and 编辑 in a
 * drawer validated as the server validates; 取消课程 with a confirmation and an optional reason.
 */
export default function CourseScreen() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<Query>({ page: 1, pageSize: 20, order: 'desc' });
  const [editing, setEditing] = useState<{ course: CourseDto | null } | null>(null);
  const [cancelling, setCancelling] = useState<CourseDto | null>(null);
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: courseConsoleKeys.list(query),
    queryFn: ({ signal }) => courseConsoleApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const options = useQuery({
    queryKey: courseConsoleKeys.options(),
    queryFn: ({ signal }) => courseConsoleApi.options(signal),
  });
  const cancel = useMutation({
    mutationFn: (course: CourseDto) => courseConsoleApi.cancel(course.id, reason.trim()),
    onSuccess: (course) => {
      toast(`课程“${course.title}”已取消`, 'success');
      setCancelling(null);
      void queryClient.invalidateQueries({ queryKey: courseConsoleKeys.all });
    },
  });

  const filter = (values: Filters) =>
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      order: query.order,
      keyword: values.keyword?.trim() || undefined,
      status: values.status,
      lecturerId: values.lecturerId,
      includeCancelled: values.includeCancelled ? 1 : 0,
    });
  const filtered = Boolean(query.keyword || query.status || query.lecturerId);

  const columns: TableColumnsType<CourseDto> = [
    {
      title: '课程',
      key: 'title',
      render: (_, row) => (
        <>
          <div className="cc-title">{row.title}</div>
          <div className="cc-targets">
            {row.batches.map((batch) => (
              <Tag key={`b${batch.id}`} bordered={false}>
                {batch.name}
              </Tag>
            ))}
            {row.majors.map((major) => (
              <Tag key={`m${major}`} bordered={false}>
                {major}
              </Tag>
            ))}
          </div>
        </>
      ),
    },
    { title: '主讲教师', dataIndex: 'lecturerName', width: 120 },
    {
      title: '上课时间',
      key: 'startAt',
      width: 200,
      sorter: true,
      sortOrder: query.order === 'asc' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, row) => <span className="cc-nowrap">{slot(row)}</span>,
    },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, row) =>
        row.cancelled ? (
          <ToneTag tone="orange" testId="course-status">
            已取消
          </ToneTag>
        ) : (
          <ToneTag tone={STATUS_TONE[row.status]} testId="course-status">
            {LIVE_COURSE_STATUS_LABELS[row.status]}
          </ToneTag>
        ),
    },
    {
      title: '课件 / 出勤',
      key: 'numbers',
      width: 110,
      render: (_, row) => (
        <div className="cc-sub">
          <div>课件 {row.coursewareCount} 个</div>
          <div>出勤 {row.attendanceCount} 人</div>
        </div>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 170,
      fixed: 'right',
      render: (_, row) =>
        row.cancelled ? (
          <span className="cc-sub">{row.cancelReason ? `原因：${row.cancelReason}` : '—'}</span>
        ) : (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ course: row })}
              aria-label={`编辑：${row.title}`}
            >
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              danger
              className="cc-danger"
              icon={<StopOutlined />}
              onClick={() => {
                setReason('');
                setCancelling(row);
              }}
              aria-label={`取消课程：${row.title}`}
            >
              取消课程
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ course: null })}>
            新建课程
          </Button>
        </Space>
      }
    >
      <SearchCard
        label="筛选课程"
        form={form}
        onSearch={filter}
        actions={
          <Button
            onClick={() => {
              form.resetFields();
              filter({});
            }}
          >
            重置
          </Button>
        }
      >
        <Form.Item name="keyword" label="课程名称" htmlFor="cc-keyword">
          <Input id="cc-keyword" allowClear placeholder="搜索课程名称" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label="状态" htmlFor="cc-status">
          <Select
            id="cc-status"
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={LIVE_COURSE_STATUSES.map((status) => ({
              value: status,
              label: LIVE_COURSE_STATUS_LABELS[status],
            }))}
          />
        </Form.Item>
        <Form.Item name="lecturerId" label="主讲教师" htmlFor="cc-lecturer">
          <Select
            id="cc-lecturer"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部"
            style={{ width: 160 }}
            options={(options.data?.lecturers ?? []).map((person) => ({ value: person.id, label: person.name }))}
          />
        </Form.Item>
        <Form.Item name="includeCancelled" valuePropName="checked">
          <Checkbox>含已取消</Checkbox>
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="课程" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<CourseDto>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 960 }}
          locale={{
            emptyText: emptyText(filtered ? '没有符合条件的课程' : '还没有直播课程。点“新建课程”排第一节课。'),
          }}
          pagination={listPagination(query, list.data?.total, '门课程', setQuery)}
          onChange={(_pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            if (one?.columnKey === 'startAt') {
              setQuery((current) => ({ ...current, page: 1, order: one.order === 'ascend' ? 'asc' : 'desc' }));
            }
          }}
        />
      </Card>
      <CourseFormDrawer open={editing !== null} course={editing?.course ?? null} onClose={() => setEditing(null)} />
      {cancelling && (
        <Dialog
          open
          title={`取消课程：${cancelling.title}`}
          okText="取消课程"
          okButtonProps={{ danger: true, loading: cancel.isPending, className: 'cc-danger-ok' }}
          cancelText="返回"
          onOk={() => cancel.mutate(cancelling)}
          onCancel={() => setCancelling(null)}
          destroyOnHidden
        >
          <p>取消后，课程从主讲教师的直播课程和考生的课程页中移除，已发出的课堂链接失效。此操作不能撤销。</p>
          <label htmlFor="cc-cancel-reason" className="cc-label">
            取消原因（选填）
          </label>
          <Input.TextArea
            id="cc-cancel-reason"
            rows={3}
            maxLength={200}
            showCount
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="如：主讲教师临时有事，改期另行通知"
          />
        </Dialog>
      )}
    </Page>
  );
}
