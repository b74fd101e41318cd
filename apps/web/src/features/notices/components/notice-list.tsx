import { CheckOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTICE_AUDIENCE_LABELS, type NoticeDto, type NoticeListQuery } from '@zikao/contract/notice';
import { Button, Card, Empty, Input, Segmented, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { ConfirmPopover, SideDrawer } from '../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { formatDateTime } from '../../../shared/utils/date.ts';
import { noticeApi, noticeKeys } from '../api/notice-api.ts';
import './notice.css';

type ReadFilter = 'all' | 'unread' | 'read';
const FILTERS: Array<{ label: string; value: ReadFilter }> = [
  { label: '全部', value: 'all' },
  { label: '未读', value: 'unread' },
  { label: '已读', value: 'read' },
];
const READ_PARAM: Record<ReadFilter, number | undefined> = { all: undefined, unread: 0, read: 1 };

/**
 * The caller's notices: unread first, a 全部/未读/已读 filter, search and paging; a notice opens in
 * a drawer, which marks it read. Used by the teacher-side and the candidate's notice pages.
 */
export function NoticeList({ showAudience = false }: { showAudience?: boolean }) {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [open, setOpen] = useState<NoticeDto | null>(null);
  const query: Partial<NoticeListQuery> = { page, pageSize, keyword: search || undefined, read: READ_PARAM[filter] };
  const list = useQuery({
    queryKey: noticeKeys.list(query),
    queryFn: ({ signal }) => noticeApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });

  const read = useMutation({
    mutationFn: (id: number) => noticeApi.read(id),
    onSuccess: (notice) => {
      setOpen(notice);
      void refresh();
    },
  });
  const readAll = useMutation({
    mutationFn: () => noticeApi.readAll(),
    onSuccess: ({ count }) => {
      toast(count > 0 ? `已将 ${count} 条通知标为已读` : '没有未读通知', 'success');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => noticeApi.remove(id),
    onSuccess: () => {
      toast('通知已删除', 'success');
      setOpen(null);
      void refresh();
    },
  });

  const openNotice = (notice: NoticeDto) => {
    setOpen(notice);
    if (!notice.read) read.mutate(notice.id);
  };
  const unread = list.data?.unread ?? 0;

  const columns: TableColumnsType<NoticeDto> = [
    {
      title: '状态',
      dataIndex: 'read',
      width: 80,
      render: (isRead: boolean) =>
        isRead ? (
          <Tag bordered={false} className="notice-tag-read">
            已读
          </Tag>
        ) : (
          <Tag bordered={false} className="notice-tag-unread">
            未读
          </Tag>
        ),
    },
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <Button
          type="link"
          className={row.read ? 'notice-title' : 'notice-title notice-title-unread'}
          onClick={() => openNotice(row)}
        >
          {title}
        </Button>
      ),
    },
    ...(showAudience
      ? [
          {
            title: '发布对象',
            dataIndex: 'audience',
            width: 110,
            render: (audience: NoticeDto['audience']) => NOTICE_AUDIENCE_LABELS[audience],
          },
        ]
      : []),
    { title: '发布者', dataIndex: 'author', width: 110 },
    { title: '发布时间', dataIndex: 'createdAt', width: 180, render: (value: number) => formatDateTime(value) },
    {
      title: '操作',
      key: 'action',
      width: showAudience ? 130 : 80,
      render: (_, row) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => openNotice(row)} aria-label={`查看通知：${row.title}`}>
            查看
          </Button>
          {row.canDelete ? (
            <ConfirmPopover
              title="删除这条通知？"
              description="删除后所有人都将看不到它。"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(row.id)}
            >
              <Button type="link" size="small" danger className="notice-delete" aria-label={`删除通知：${row.title}`}>
                删除
              </Button>
            </ConfirmPopover>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <div className="notice-toolbar">
        <Segmented<ReadFilter>
          options={FILTERS}
          value={filter}
          aria-label="按阅读状态筛选"
          onChange={(value) => {
            setFilter(value);
            setPage(1);
          }}
        />
        <Input.Search
          allowClear
          placeholder="搜索标题或内容"
          aria-label="搜索通知"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <span className="notice-toolbar-spacer" />
        <Typography.Text type="secondary" data-testid="notice-unread-count">
          未读 {unread} 条
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} aria-label="刷新">
          刷新
        </Button>
        <Button
          icon={<CheckOutlined />}
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          全部标为已读
        </Button>
      </div>
      {list.isError ? (
        <ErrorState
          variant="inline"
          subject="通知"
          error={list.error}
          description="请稍后刷新重试。"
          onRetry={() => void list.refetch()}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<NoticeDto>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        rowClassName={(row) => (row.read ? '' : 'notice-row-unread')}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={search ? '没有找到符合条件的通知' : filter === 'unread' ? '没有未读通知' : '暂无通知'}
            />
          ),
        }}
        pagination={{
          current: page,
          pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
      />
      <SideDrawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        size={520}
        extra={
          open?.canDelete ? (
            <ConfirmPopover
              title="删除这条通知？"
              okText="删除"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(open.id)}
            >
              <Button danger className="notice-delete" icon={<DeleteOutlined />}>
                删除
              </Button>
            </ConfirmPopover>
          ) : null
        }
      >
        {open ? (
          <article className="notice-detail" data-testid="notice-detail">
            <Typography.Paragraph type="secondary">
              {open.author} · {formatDateTime(open.createdAt)}
              {showAudience ? ` · ${NOTICE_AUDIENCE_LABELS[open.audience]}` : ''}
            </Typography.Paragraph>
            <div className="notice-body">{open.body}</div>
            {open.link ? (
              <Link to={open.link} onClick={() => setOpen(null)}>
                前往查看
              </Link>
            ) : null}
          </article>
        ) : null}
      </SideDrawer>
    </Card>
  );
}
