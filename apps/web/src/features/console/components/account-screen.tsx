import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_STATUS_LABELS,
  type AccountDto,
  type AccountListQuery,
  type AccountStatus,
  type TemporaryPasswordResult,
} from '@zikao/contract/console';
import { ROLE_LABELS, type Role } from '@zikao/contract/roles';
import {
  Button,
  Card,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ErrorState } from '../../../shared/components/error-state.tsx';
import { Page } from '../../../shared/components/page.tsx';
import { ConfirmPopover } from '../../../shared/components/steady-dialogs.tsx';
import { ToneTag } from '../../../shared/components/tone-tag.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { useSessionStore } from '../../../shared/stores/session-store.ts';
import { formatDate } from '../../../shared/utils/date.ts';
import { accountApi, accountKeys } from '../api/account-api.ts';
import { AccountFormModal } from './account/account-form-modal.tsx';
import { accountActions, accountStateLabel, ROLE_FILTER_OPTIONS } from './account/account-form-model.ts';
import { TemporaryPasswordModal } from './account/temporary-password-modal.tsx';
import { emptyText, SearchCard } from './shared/list-parts.tsx';
import { listPagination, sortOrderOf, tableChangeQuery } from './shared/list-query.ts';

const STATE_TONE = { normal: 'green', warning: 'orange', off: 'grey' } as const;

// antd's red links are too light for WCAG AA on white.
const DANGER_LINK = { color: '#b91c1c' };

type SortKey = AccountListQuery['sort'];
type Shown = TemporaryPasswordResult & { reason: 'created' | 'reset' };

/** 账号管理: every account; create staff, edit, disable or enable, reset a password. */
export default function AccountScreen() {
  const selfId = useSessionStore((state) => state.id);
  const [keyword, setKeyword] = useState('');
  const [role, setRole] = useState<Role | undefined>();
  const [status, setStatus] = useState<AccountStatus | undefined>();
  const [query, setQuery] = useState<AccountListQuery>({ page: 1, pageSize: 20, sort: 'createdAt', order: 'desc' });
  const [editing, setEditing] = useState<{ account: AccountDto | null } | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => accountApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const toggle = useMutation({
    mutationFn: (account: AccountDto) => accountApi.setDisabled(account.id, account.status === 'active'),
    onSuccess: (account) => {
      toast(
        account.status === 'disabled' ? `已停用 ${account.name}，其登录已失效` : `已启用 ${account.name}`,
        'success',
      );
      refresh();
    },
  });
  const reset = useMutation({
    mutationFn: (account: AccountDto) => accountApi.resetPassword(account.id),
    onSuccess: (result) => {
      setShown({ ...result, reason: 'reset' });
      refresh();
    },
  });

  const sortOrder = (key: SortKey) => sortOrderOf(query, key);
  const columns: TableColumnsType<AccountDto> = [
    { title: '姓名', dataIndex: 'name', width: 110, sorter: true, sortOrder: sortOrder('name'), ellipsis: true },
    { title: '账号（手机号）', dataIndex: 'account', width: 140, sorter: true, sortOrder: sortOrder('account') },
    { title: '角色', dataIndex: 'role', width: 90, render: (value: Role) => ROLE_LABELS[value] ?? value },
    {
      title: '专业',
      dataIndex: 'majors',
      ellipsis: true,
      render: (majors: string[]) => (majors.length > 0 ? majors.join('、') : '—'),
    },
    { title: '准考证号', dataIndex: 'examNumber', width: 130, render: (value: string | null) => value || '—' },
    {
      title: '状态',
      key: 'state',
      width: 84,
      render: (_, account) => {
        const state = accountStateLabel(account);
        return (
          <ToneTag bordered={false} tone={STATE_TONE[state.tone]}>
            {state.label}
          </ToneTag>
        );
      },
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
      width: 230,
      fixed: 'right',
      render: (_, account) => {
        const allowed = accountActions(account, selfId);
        const disabling = account.status === 'active';
        return (
          <Space size={0}>
            {allowed.edit && (
              <Button type="link" onClick={() => setEditing({ account })} aria-label={`编辑 ${account.name}`}>
                编辑
              </Button>
            )}
            {allowed.toggle && (
              <ConfirmPopover
                title={disabling ? `停用 ${account.name}？` : `启用 ${account.name}？`}
                description={disabling ? '停用后该账号立即退出登录，且不能再登录。' : '启用后该账号可以重新登录。'}
                okText={disabling ? '停用' : '启用'}
                okButtonProps={{ danger: disabling }}
                cancelText="取消"
                onConfirm={() => toggle.mutateAsync(account).catch(() => undefined)}
              >
                <Button
                  type="link"
                  danger={disabling}
                  style={disabling ? DANGER_LINK : undefined}
                  aria-label={`${disabling ? '停用' : '启用'} ${account.name}`}
                >
                  {disabling ? '停用' : '启用'}
                </Button>
              </ConfirmPopover>
            )}
            {allowed.reset && (
              <ConfirmPopover
                title={`重置 ${account.name} 的密码？`}
                description="将生成临时密码，该账号退出登录，下次登录须修改密码。"
                okText="重置"
                cancelText="取消"
                onConfirm={() => reset.mutateAsync(account).catch(() => undefined)}
              >
                <Button type="link" aria-label={`重置密码 ${account.name}`}>
                  重置密码
                </Button>
              </ConfirmPopover>
            )}
            {!allowed.toggle && <Typography.Text type="secondary">（当前账号）</Typography.Text>}
          </Space>
        );
      },
    },
  ];

  const onTableChange: TableProps<AccountDto>['onChange'] = (pagination, _filters, sorter) =>
    setQuery(tableChangeQuery(query, pagination, sorter, 'createdAt'));
  const search = () => setQuery({ ...query, page: 1, keyword: keyword.trim(), role, status });
  const filtered = Boolean(query.keyword || query.role || query.status);

  return (
    <Page
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            刷新
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ account: null })}>
            新建账号
          </Button>
        </Space>
      }
    >
      <SearchCard label="搜索账号" onSearch={search}>
        <Form.Item label="关键词" htmlFor="account-keyword">
          <Input
            id="account-keyword"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder="姓名、手机号或准考证号"
            allowClear
            style={{ width: 220 }}
          />
        </Form.Item>
        <Form.Item label="角色" htmlFor="account-role">
          <Select
            id="account-role"
            value={role}
            onChange={setRole}
            allowClear
            placeholder="全部"
            style={{ width: 130 }}
            options={ROLE_FILTER_OPTIONS}
          />
        </Form.Item>
        <Form.Item label="状态" htmlFor="account-status">
          <Select
            id="account-status"
            value={status}
            onChange={setStatus}
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={Object.entries(ACCOUNT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
      </SearchCard>
      {list.isError && (
        <ErrorState variant="inline" subject="账号列表" error={list.error} onRetry={() => void list.refetch()} />
      )}
      <Card variant="borderless">
        <Table<AccountDto>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          onChange={onTableChange}
          scroll={{ x: 1020 }}
          locale={{ emptyText: emptyText(filtered ? '没有符合条件的账号' : '暂无账号') }}
          pagination={listPagination(query, list.data?.total, '个账号')}
        />
      </Card>
      <AccountFormModal
        open={editing !== null}
        account={editing?.account ?? null}
        onClose={() => setEditing(null)}
        onCreated={(result) => setShown({ ...result, reason: 'created' })}
      />
      <TemporaryPasswordModal result={shown} onClose={() => setShown(null)} />
    </Page>
  );
}
