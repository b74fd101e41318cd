import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { isCancelled } from '../../../shared/request/errors.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { loginByPassword } from '../api/auth-api.ts';
import { encryptPassword } from '../api/encrypt-password.ts';
import { PHONE_RULE } from '../phone-rule.ts';
import { useSignIn } from './use-sign-in.ts';

interface PasswordFields {
  account: string;
  password: string;
}

export function PasswordLoginForm({ side }: { side: Side }) {
  const signIn = useSignIn(side);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (fields: PasswordFields) => {
    setError(null);
    setSubmitting(true);
    try {
      const password = await encryptPassword(fields.password);
      signIn(await loginByPassword(side, { account: fields.account.trim(), password }));
    } catch (failure) {
      if (!isCancelled(failure)) setError(failure instanceof Error ? failure.message : '登录失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PasswordFields> layout="vertical" size="large" onFinish={submit} requiredMark={false} autoComplete="on">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form.Item name="account" label="手机号" rules={[PHONE_RULE]} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          inputMode="tel"
          autoComplete="username"
          maxLength={14}
        />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          maxLength={32}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
