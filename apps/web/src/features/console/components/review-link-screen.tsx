import { LinkOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAGE_LABELS } from '@zikao/contract/review';
import {
  REVIEW_LINK_PURPOSE_LABELS,
  REVIEW_LINK_STATUS_LABELS,
  REVIEW_LINK_STATUSES,
  type ReviewLinkDto,
  type ReviewLinkListQuery,
  type ReviewLinkStatus,
} from '@zikao/contract/review-link';
import { Button, Card, Form, InputNumber, Select, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { ConfirmPopover, Dialog } from '../../../shared/components/steady-dialogs.tsx';
import { type Tone, ToneTag } from '../../../shared/components/tone-tag.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { CreateLinkDialog } from '../../../shared/review-link/create-link-dialog.tsx';
import { LinkShare } from '../../../shared/review-link/link-share.tsx';
import { reviewLinkApi, reviewLinkKeys } from '../../../shared/review-link/review-link-api.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import './review-link/review-link-screen.css';
import { emptyText, SearchCard } from './shared/list-parts.tsx';
import { listPagination } from './shared/list-query.ts';

const STATUS_TONES: Record<ReviewLinkStatus, Tone> = {
  active: 'green',
  expired: 'grey',
  revoked: 'red',
  completed: 'blue',
};

const MINUTE = 'YYYY-MM-DD HH:mm';

interface Filters {
  status?: ReviewLinkStatus;
  submissionId?: number | null;
}

/** A positive whole number from the page URL (`?create=12`), or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * 评阅链接 (issue 13): the signed, expiring links to the admin review pages, for outside experts
 * (评阅) and the admin check (复核). Filters, paging, 生成 (also from `?create=<submissionId>`, the
 * review lists' action), copy and QR code of a live link, and 撤销 with a confirmation.
 */
export default function ReviewLinkScreen() {
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<ReviewLinkListQuery>({ page: 1, pageSize: 20 });
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState<{ submissionId?: number } | null>(null);
  const [sharing, setSharing] = useState<ReviewLinkDto | null>(null);
  const queryClient = useQueryClient();

  // A list's 生成评阅链接 lands here with the submission: open the dialog for it, once.
  const createFor = idParam(search.get('create'));
  useEffect(() => {
    if (createFor === null) return;
    setCreating({ submissionId: createFor });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('create');
        return next;
      },
      { replace: true },
    );
  }, [createFor, setSearch]);

  const list = useQuery({
    queryKey: reviewLinkKeys.list(query),
    queryFn: ({ signal }) => reviewLinkApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const revoke = useMutation({
    mutationFn: (row: ReviewLinkDto) => reviewLinkApi.revoke(row.id),
    onSuccess: (result) => {
      toast(result.released ? '链接已撤销，论文已退回待分配，请在评阅分配中改派' : '链接已撤销', 'success');
      // The submission may have gone back to 待分配: every list showing it is stale.
      void queryClient.invalidateQueries();
    },
  });

  const filter = (values: Filters) =>
    setQuery({
      page: 1,
      pageSize: query.pageSize,
      status: values.status,
      submissionId: values.submissionId ?? undefined,
    });
  const filtered = Boolean(query.status || query.submissionId);

  const columns: TableColumnsType<ReviewLinkDto> = [
    {
      title: '论文',
      key: 'thesis',
      render: (_, row) => (
        <>
          <div className="rl-cell-title" title={row.thesisTitle}>
            {row.thesisTitle}
          </div>
          <div className="rl-cell-sub">
            #{row.submissionId} · {STAGE_LABELS[row.stage]}
          </div>
        </>
      ),
    },
    {
      title: '用途 / 对象',
      key: 'purpose',
      width: 230,
      render: (_, row) => (
        <>
          <ToneTag bordered={false} tone={row.purpose === 'review' ? 'indigo' : 'purple'}>
            {REVIEW_LINK_PURPOSE_LABELS[row.purpose]}
          </ToneTag>
          <span className="rl-cell-label">{row.label || '—'}</span>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 88,
      render: (status: ReviewLinkStatus) => (
        <ToneTag bordered={false} tone={STATUS_TONES[status]} testId="link-status">
          {REVIEW_LINK_STATUS_LABELS[status]}
        </ToneTag>
      ),
    },
    {
      title: '有效期至',
      dataIndex: 'expiresAt',
      width: 168,
      render: (value: number) => <span className="rl-nowrap">{formatDate(value, MINUTE)}</span>,
    },
    {
      title: '使用',
      key: 'use',
      width: 150,
      render: (_, row) => (
        <>
          <div>{row.useCount} 次</div>
          <div className="rl-cell-sub">
            {row.lastUsedAt ? `最近 ${formatDate(row.lastUsedAt, MINUTE)}` : '尚未使用'}
          </div>
        </>
      ),
    },
    {
      title: '创建',
      key: 'created',
      width: 140,
      render: (_, row) => (
        <>
          <div>{row.creatorName || '—'}</div>
          <div className="rl-cell-sub">{formatDate(row.createdAt, MINUTE)}</div>
        </>
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_, row) =>
        row.status === 'active' && row.url ? (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              icon={<LinkOutlined />}
              onClick={() => setSharing(row)}
              aria-label={`查看链接：${row.thesisTitle}`}
            >
              链接
            </Button>
            <ConfirmPopover
              title="撤销这个链接？"
              description={
                row.purpose === 'review'
                  ? '撤销后链接立即失效，打开时提示“评阅链接已撤销”；论文若仍在该专家名下评阅，将退回待分配，需改派。'
                  : '撤销后链接立即失效，打开时提示“评阅链接已撤销”。'
              }
              okText="撤销"
              okButtonProps={{ danger: true, loading: revoke.isPending, className: 'rl-revoke-ok' }}
              cancelText="取消"
              onConfirm={() => revoke.mutateAsync(row).catch(() => undefined)}
            >
              <Button type="link" size="small" danger className="rl-revoke" aria-label={`撤销链接：${row.thesisTitle}`}>
                撤销
              </Button>
            </ConfirmPopover>
          </Space>
        ) : (
          <span className="rl-cell-sub">—</span>
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
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating({})}>
            生成评阅链接
          </Button>
        </Space>
      }
    >
      <SearchCard
        label="筛选评阅链接"
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
        <Form.Item name="status" label="状态" htmlFor="rl-status">
          <Select
            id="rl-status"
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={REVIEW_LINK_STATUSES.map((status) => ({
              value: status,
              label: REVIEW_LINK_STATUS_LABELS[status],
            }))}
          />
        </Form.Item>
        <Form.Item name="submissionId" label="论文编号" htmlFor="rl-filter-submission">
          <InputNumber id="rl-filter-submission" min={1} precision={0} placeholder="全部" style={{ width: 140 }} />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="评阅链接" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<ReviewLinkDto>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1000 }}
          locale={{
            emptyText: emptyText(
              filtered ? '没有符合条件的链接' : '还没有评阅链接。点“生成评阅链接”，请校外专家评阅或进行复核。',
            ),
          }}
          pagination={listPagination(query, list.data?.total, '个', setQuery)}
        />
      </Card>
      {creating && (
        <CreateLinkDialog
          submission={creating.submissionId ? { id: creating.submissionId } : undefined}
          onClose={() => setCreating(null)}
        />
      )}
      {sharing?.url && (
        <Dialog
          open
          title={`评阅链接：${sharing.thesisTitle}`}
          width={620}
          onCancel={() => setSharing(null)}
          footer={<Button onClick={() => setSharing(null)}>关闭</Button>}
          destroyOnHidden
        >
          <LinkShare url={sharing.url} expiresAt={sharing.expiresAt} label={sharing.label} />
        </Dialog>
      )}
    </Page>
  );
}
