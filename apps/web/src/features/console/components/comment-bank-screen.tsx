import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANNOTATION_CATEGORIES,
  type AnnotationCategory,
  type SharedCommentBankEntry,
} from '@zikao/contract/annotation';
import {
  Alert,
  message as antdMessage,
  Button,
  Card,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { ConfirmPopover } from '../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { formatDateTime } from '../../../shared/utils/date.ts';
import { type SharedBankQuery, sharedBankApi, sharedBankKeys } from '../api/comment-bank-api.ts';
import { CommentBankForm, type SharedEntryValues } from './comment-bank/comment-bank-form.tsx';
import { emptyText, SearchCard } from './shared/list-parts.tsx';
import { listPagination } from './shared/list-query.ts';

const CATEGORY = Object.fromEntries(ANNOTATION_CATEGORIES.map((c) => [c.key, c])) as Record<
  AnnotationCategory,
  (typeof ANNOTATION_CATEGORIES)[number]
>;

/** 公共评语库: shared comments every reviewer is offered beside their own; reviewers use them, admins manage them. */
export default function CommentBankScreen() {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<SharedBankQuery>({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<{ entry: SharedCommentBankEntry | null } | null>(null);
  const queryClient = useQueryClient();
  const [message, messageHolder] = antdMessage.useMessage({ top: 16, maxCount: 3 });

  const list = useQuery({
    queryKey: sharedBankKeys.list(query),
    queryFn: ({ signal }) => sharedBankApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: sharedBankKeys.all });

  const save = useMutation({
    mutationFn: (values: SharedEntryValues) =>
      sharedBankApi.save({ ...(editing?.entry ? { id: editing.entry.id } : {}), ...values }),
    onSuccess: () => {
      toast(editing?.entry ? '已保存修改' : '已新增公共评语', 'success');
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (entry: SharedCommentBankEntry) => sharedBankApi.remove(entry.id),
    onSuccess: (_result, entry) => {
      refresh();
      const key = `shared-bank-deleted-${entry.id}`;
      void message.open({
        key,
        type: 'success',
        duration: 6,
        content: (
          <span>
            已删除公共评语{' '}
            <Button
              type="link"
              size="small"
              onClick={() => {
                message.destroy(key);
                // Undo puts the same text back as a new shared entry.
                void sharedBankApi
                  .save({ text: entry.text, category: entry.category })
                  .then(() => {
                    toast('已撤销删除', 'success');
                    refresh();
                  })
                  .catch(() => undefined);
              }}
            >
              撤销
            </Button>
          </span>
        ),
      });
    },
  });

  const columns: TableColumnsType<SharedCommentBankEntry> = [
    {
      title: '类别',
      dataIndex: 'category',
      width: 90,
      render: (category: AnnotationCategory) => (
        <span>
          <span
            aria-hidden="true"
            style={{
              display: 'inline-block',
              width: 8,
              height: 8,
              borderRadius: 4,
              marginRight: 6,
              background: CATEGORY[category]?.color,
            }}
          />
          {CATEGORY[category]?.label ?? category}
        </span>
      ),
    },
    {
      title: '评语内容',
      dataIndex: 'text',
      render: (text: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>,
    },
    { title: '使用次数', dataIndex: 'useCount', width: 100 },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (value: number) => formatDateTime(value) },
    {
      title: '操作',
      key: 'action',
      width: 150,
      render: (_, entry) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ entry })}>
            编辑
          </Button>
          <ConfirmPopover
            title="删除这条公共评语？"
            description="删除后评阅教师将不再看到它。"
            okText="删除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(entry).catch(() => undefined)}
          >
            <Button type="link" size="small" icon={<DeleteOutlined />}>
              删除
            </Button>
          </ConfirmPopover>
        </Space>
      ),
    },
  ];

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ entry: null })}>
            新增公共评语
          </Button>
        </Space>
      }
    >
      {messageHolder}
      <Alert
        type="info"
        showIcon
        title="公共评语会出现在每位评阅教师的“常用批注语”中（标记为“公共”），评阅教师可以使用但不能修改或删除。"
      />
      <SearchCard
        label="搜索公共评语"
        onSearch={() => setQuery({ ...query, page: 1, keyword: keyword.trim() || undefined })}
      >
        <Form.Item label="关键词" htmlFor="bank-keyword">
          <Input
            id="bank-keyword"
            allowClear
            placeholder="评语内容"
            style={{ width: 240 }}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
          />
        </Form.Item>
        <Form.Item label="类别" htmlFor="bank-category">
          <Select
            id="bank-category"
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            value={query.category}
            onChange={(category?: AnnotationCategory) => setQuery({ ...query, page: 1, category })}
            options={ANNOTATION_CATEGORIES.map((c) => ({ value: c.key, label: c.label }))}
          />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="公共评语" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<SharedCommentBankEntry>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          locale={{ emptyText: emptyText('还没有公共评语，点击“新增公共评语”添加') }}
          pagination={listPagination(query, list.data?.total, '条', setQuery)}
        />
      </Card>
      {editing && (
        <CommentBankForm
          entry={editing.entry}
          pending={save.isPending}
          onSave={(values) => save.mutate(values)}
          onCancel={() => setEditing(null)}
        />
      )}
    </Page>
  );
}
