import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListResult } from '@zikao/contract/envelope';
import { type ReviewListRow, SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '@zikao/contract/review-lists';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../request/api.ts';
import { HttpStatusError } from '../request/errors.ts';
import { formatDate } from '../utils/date.ts';
import { ComingSoon } from './coming-soon.tsx';
import { Page } from './page.tsx';

// Dark text on light tints, so every status tag meets WCAG AA contrast.
const STATUS_STYLE: Record<SubmissionStatus, { color: string; background: string }> = {
  unassigned: { color: '#434343', background: '#f5f5f5' },
  assigned: { color: '#1d4ed8', background: '#eff6ff' },
  reviewing: { color: '#1e40af', background: '#e0e7ff' },
  returned: { color: '#9a3412', background: '#fff7ed' },
  passed: { color: '#166534', background: '#f0fdf4' },
  failed: { color: '#b91c1c', background: '#fef2f2' },
  awaiting_check: { color: '#6b21a8', background: '#faf5ff' },
  checked: { color: '#155e75', background: '#ecfeff' },
};

export interface ResourceListProps {
  /** List call path, e.g. ReviewListPath.topics. */
  path: string;
  /** Fixed filters sent with every call. */
  filters?: Record<string, unknown>;
  /** What one row is, e.g. 选题, used in texts. */
  subject: string;
  detailPath: (row: ReviewListRow) => string;
  actionLabel?: string;
}

const PAGE_SIZE = 20;

/** A review list: search, status filter, paging, export; kept alive by the layout when cached. */
export function ResourceList({ path, filters, subject, detailPath, actionLabel = '评阅' }: ResourceListProps) {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<{ keyword: string; status?: SubmissionStatus }>({ keyword: '' });
  const [status, setStatus] = useState<SubmissionStatus | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const params = { page, pageSize, keyword: query.keyword || undefined, status: query.status, ...filters };
  const list = useQuery({
    queryKey: [path, params],
    queryFn: ({ signal }) => api.post<ListResult<ReviewListRow>>(path, params, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
  const unavailable = list.error instanceof HttpStatusError && list.error.status === 404;

  const columns: TableColumnsType<ReviewListRow> = [
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '考生', dataIndex: 'studentName', width: 110, render: (value: string) => value || '（盲审）' },
    { title: '准考证号', dataIndex: 'examNo', width: 140, render: (value: string) => value || '—' },
    { title: '专业', dataIndex: 'majorName', width: 140, ellipsis: true },
    { title: '批次', dataIndex: 'batchName', width: 140 },
    { title: '版本', dataIndex: 'version', width: 84, render: (value: number) => `第 ${value} 版` },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (value: SubmissionStatus) => (
        <Tag bordered={false} style={STATUS_STYLE[value]}>
          {SUBMISSION_STATUS_LABELS[value] ?? value}
        </Tag>
      ),
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      width: 120,
      render: (value: number) => formatDate(value),
    },
    {
      title: '操作',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, row) => <Link to={detailPath(row)}>{actionLabel}</Link>,
    },
  ];

  const search = () => {
    setQuery({ keyword: keyword.trim(), status });
    setPage(1);
  };
  const exportList = () => {
    void api.post(path, { ...params, page: 1, export: 1 }, { export: true }).catch(() => undefined);
  };

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} disabled={unavailable}>
            刷新
          </Button>
          <Button icon={<DownloadOutlined />} onClick={exportList} disabled={unavailable || !list.data?.total}>
            导出
          </Button>
        </Space>
      }
    >
      <Card variant="borderless">
        <Form layout="inline" onFinish={search} role="search" aria-label={`搜索${subject}`}>
          <Form.Item label="关键词" htmlFor={`${path}-keyword`}>
            <Input
              id={`${path}-keyword`}
              value={keyword}
              onChange={(event) => setKeyword(event.target.value)}
              placeholder={`${subject}标题、考生姓名或准考证号`}
              allowClear
              style={{ width: 260 }}
              data-testid="list-keyword"
            />
          </Form.Item>
          <Form.Item label="状态" htmlFor={`${path}-status`}>
            <Select
              id={`${path}-status`}
              value={status}
              onChange={setStatus}
              allowClear
              placeholder="全部"
              style={{ width: 140 }}
              options={Object.entries(SUBMISSION_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {list.error && !unavailable ? (
        <Alert
          type="error"
          showIcon
          title={`${subject}列表加载失败`}
          description={list.error.message}
          action={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : null}
      <Card variant="borderless">
        <Table<ReviewListRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: unavailable ? (
              <ComingSoon bare description={`${subject}评阅数据将在评阅功能上线后显示在这里。`} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${subject}`} />
            ),
          }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
        />
      </Card>
    </Page>
  );
}
