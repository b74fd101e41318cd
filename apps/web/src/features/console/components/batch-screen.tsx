import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BATCH_STATUS_LABELS, type BatchDto, type BatchListQuery, type BatchStatus } from '@zikao/contract/console';
import { STAGE_LABELS, STAGES } from '@zikao/contract/review';
import { Button, Card, Form, Input, Select, Space, Table, type TableColumnsType, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { ConfirmPopover } from '../../../shared/components/steady-dialogs.tsx';
import { type Tone, ToneTag } from '../../../shared/components/tone-tag.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { batchApi, batchKeys } from '../api/batch-api.ts';
import { BatchFormDrawer } from './batch/batch-form-drawer.tsx';
import './batch/batch.css';
import { emptyText, SearchCard } from './shared/list-parts.tsx';
import { listPagination, sortOrderOf, tableChangeQuery } from './shared/list-query.ts';

const STATUS_TONE: Record<BatchStatus, Tone> = { open: 'green', closed: 'grey' };

// antd's red links are too light for WCAG AA on white.
const DANGER_LINK = { color: '#b91c1c' };

type SortKey = BatchListQuery['sort'];

function WindowList({ batch }: { batch: BatchDto }) {
  const set = STAGES.filter((stage) => batch.rules.windows[stage]);
  if (set.length === 0) return <span>未设置（始终开放）</span>;
  return (
    <ul className="batch-windows">
      {set.map((stage) => {
        const window = batch.rules.windows[stage];
        return (
          <li key={stage}>
            <span className="batch-window-stage">{STAGE_LABELS[stage]}</span>
            {formatDate(window?.start ?? null)} 至 {formatDate(window?.end ?? null)}
          </li>
        );
      })}
    </ul>
  );
}

/** 批次管理: batches with their rules; create, edit, close. */
export default function BatchScreen() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<BatchStatus | undefined>();
  const [query, setQuery] = useState<BatchListQuery>({ page: 1, pageSize: 10, sort: 'createdAt', order: 'desc' });
  const [editing, setEditing] = useState<{ batch: BatchDto | null } | null>(null);
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: batchKeys.list(query),
    queryFn: ({ signal }) => batchApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const close = useMutation({
    mutationFn: (batch: BatchDto) => batchApi.close(batch.id),
    onSuccess: (batch) => {
      toast(`批次“${batch.name}”已关闭`, 'success');
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
    },
  });

  const sortOrder = (key: SortKey) => sortOrderOf(query, key);
  const columns: TableColumnsType<BatchDto> = [
    { title: '批次名称', dataIndex: 'name', sorter: true, sortOrder: sortOrder('name'), ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 84,
      render: (value: BatchStatus) => (
        <ToneTag bordered={false} tone={STATUS_TONE[value]}>
          {BATCH_STATUS_LABELS[value]}
        </ToneTag>
      ),
    },
    { title: '阶段时间', key: 'windows', width: 260, render: (_, batch) => <WindowList batch={batch} /> },
    {
      title: '规则',
      key: 'rules',
      width: 200,
      render: (_, { rules }) => (
        <Space size={[4, 4]} wrap>
          <Tag>查重 {rules.plagiarismThreshold}%</Tag>
          <Tag>评语 ≥{rules.minCommentLength} 字</Tag>
          {rules.blindReview && <Tag color="blue">盲审</Tag>}
          {rules.adminCheck && <Tag color="purple">复核</Tag>}
          {rules.rubric.length > 0 && <Tag>评分细则 {rules.rubric.length} 项</Tag>}
        </Space>
      ),
    },
    {
      title: '论文数',
      dataIndex: 'thesisCount',
      width: 90,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('thesisCount'),
    },
    {
      // Each thesis's stages submitted: what the home's progress bars count.
      title: '提交数',
      dataIndex: 'submissionCount',
      width: 90,
      align: 'right',
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 110,
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (value: number) => formatDate(value),
    },
    {
      title: '操作',
      key: 'action',
      width: 140,
      fixed: 'right',
      render: (_, batch) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing({ batch })} aria-label={`编辑批次 ${batch.name}`}>
            编辑
          </Button>
          {batch.status === 'open' && (
            <ConfirmPopover
              title={`关闭批次“${batch.name}”？`}
              description="关闭后考生不能再提交或重新提交，此操作不可撤销。"
              okText="关闭批次"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => close.mutateAsync(batch).catch(() => undefined)}
            >
              <Button type="link" danger style={DANGER_LINK} aria-label={`关闭批次 ${batch.name}`}>
                关闭
              </Button>
            </ConfirmPopover>
          )}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<BatchDto>['onChange'] = (pagination, _filters, sorter) =>
    setQuery(tableChangeQuery(query, pagination, sorter, 'createdAt'));
  const search = () => setQuery({ ...query, page: 1, keyword: keyword.trim(), status });

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ batch: null })}>
            新建批次
          </Button>
        </Space>
      }
    >
      <SearchCard label="搜索批次" onSearch={search}>
        <Form.Item label="批次名称" htmlFor="batch-keyword">
          <Input
            id="batch-keyword"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder="输入批次名称搜索"
            allowClear
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item label="状态" htmlFor="batch-status">
          <Select
            id="batch-status"
            value={status}
            onChange={setStatus}
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={Object.entries(BATCH_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="批次列表" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<BatchDto>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 1020 }}
          locale={{
            emptyText: emptyText(
              query.keyword || query.status ? '没有符合条件的批次' : '还没有批次，点击“新建批次”开始',
            ),
          }}
          pagination={listPagination(query, list.data?.total, '个批次')}
        />
      </Card>
      <BatchFormDrawer open={editing !== null} batch={editing?.batch ?? null} onClose={() => setEditing(null)} />
    </Page>
  );
}
