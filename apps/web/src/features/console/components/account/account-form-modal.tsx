import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDto, TemporaryPasswordResult } from '@zikao/contract/console';
import { ROLE_LABELS, Role } from '@zikao/contract/roles';
import { Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { Dialog } from '../../../../shared/components/steady-dialogs.tsx';
import { toast } from '../../../../shared/feedback/toast.ts';
import { ApiError } from '../../../../shared/request/errors.ts';
import { accountApi, accountKeys } from '../../api/account-api.ts';
import './account.css';
import {
  type AccountFormValues,
  createProblems,
  phoneProblem,
  STAFF_ROLE_OPTIONS,
  toCreateInput,
} from './account-form-model.ts';

interface AccountFormModalProps {
  open: boolean;
  /** The account to edit; null to create one. */
  account: AccountDto | null;
  onClose(): void;
  /** A new account's temporary password, to show once. */
  onCreated(result: TemporaryPasswordResult): void;
}

/** Create a teacher, reviewer or admin; or rename a staff account and change its majors. */
export function AccountFormModal({ open, account, onClose, onCreated }: AccountFormModalProps) {
  const [form] = Form.useForm<AccountFormValues>();
  const queryClient = useQueryClient();
  const role = Form.useWatch('role', form) ?? account?.role ?? null;
  const majors = useQuery({ queryKey: accountKeys.majors, queryFn: accountApi.majors, enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      account
        ? { name: account.name, phone: account.account, role: account.role, majors: account.majors }
        : { name: '', phone: '', role: null, majors: [] },
    );
  }, [open, account, form]);

  const save = useMutation({
    mutationFn: async (values: AccountFormValues) =>
      account
        ? {
            kind: 'updated' as const,
            account: await accountApi.update(account.id, values.name.trim(), values.majors ?? []),
          }
        : { kind: 'created' as const, result: await accountApi.create(toCreateInput(values)) },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountKeys.majors });
      if (result.kind === 'created') onCreated(result.result);
      else toast('账号已保存', 'success');
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message.includes('已有账号')) {
        form.setFields([{ name: 'phone', errors: [error.message.replace(/^参数错误：/, '')] }]);
      }
    },
  });

  const problemRule = (name: keyof AccountFormValues) => ({
    validator: async () => {
      if (account) return;
      const problem = createProblems(form.getFieldsValue(true)).find((p) => p.name === name);
      if (problem) throw new Error(problem.message);
    },
  });

  const submit = async () => {
    try {
      const values = await form.validateFields();
      save.mutate({ ...form.getFieldsValue(true), ...values });
    } catch {
      // the fields show what is wrong
    }
  };

  const needsMajors = role === Role.reviewer;
  return (
    <Dialog
      open={open}
      title={account ? `编辑账号：${account.name}` : '新建账号'}
      okText={account ? '保存' : '创建'}
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      rootClassName="console-form"
      destroyOnHidden
    >
      <Form<AccountFormValues> form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label="姓名"
          required
          // Creating, both rules find an empty name: say it once.
          validateFirst
          rules={[
            problemRule('name'),
            {
              validator: async (_, value?: string) =>
                value?.trim() ? undefined : Promise.reject(new Error('姓名不能为空')),
            },
          ]}
        >
          <Input maxLength={30} placeholder="请输入姓名" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号（登录账号）"
          required={!account}
          rules={[
            {
              validator: async (_, value?: string) => {
                if (account) return;
                const problem = phoneProblem(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
          extra={account ? '手机号是登录账号，不能修改' : '11 位手机号，如 13912345678'}
        >
          <Input
            disabled={Boolean(account)}
            maxLength={14}
            placeholder="请输入手机号"
            inputMode="tel"
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="role" label="角色" required={!account} rules={[problemRule('role')]}>
          <Select
            disabled={Boolean(account)}
            placeholder="请选择角色"
            options={account ? [{ value: account.role, label: ROLE_LABELS[account.role] }] : STAFF_ROLE_OPTIONS}
            onChange={() => void form.validateFields(['majors']).catch(() => undefined)}
          />
        </Form.Item>
        <Form.Item
          name="majors"
          label="评阅专业"
          required={needsMajors}
          dependencies={['role']}
          rules={[
            {
              validator: async (_, value?: string[]) => {
                if (needsMajors && (!value || value.length === 0)) throw new Error('评阅教师至少选择一个专业');
              },
            },
          ]}
          extra="自动分配时按专业匹配评阅教师；可选择已有专业，也可输入新专业后回车"
        >
          <Select
            mode="tags"
            placeholder="选择或输入专业"
            loading={majors.isLoading}
            tokenSeparators={[',', '，', '、']}
            options={(majors.data?.list ?? []).map((major) => ({ value: major.majorName, label: major.majorName }))}
          />
        </Form.Item>
      </Form>
    </Dialog>
  );
}
