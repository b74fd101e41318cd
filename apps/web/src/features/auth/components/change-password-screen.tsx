import { LockOutlined } from '@ant-design/icons';
import { passwordProblem } from '@zikao/contract/auth';
import { Alert, Button, Card, Form, Input, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BarePage } from '../../../shared/components/bare-page.tsx';
import { toast } from '../../../shared/feedback/toast.ts';
import { isCancelled } from '../../../shared/request/errors.ts';
import { logout } from '../../../shared/session/logout.ts';
import { updatePassword } from '../api/auth-api.ts';
import { encryptPassword } from '../api/encrypt-password.ts';
import { passwordStrength, STRENGTH_LABELS } from '../password-strength.ts';

interface Fields {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const STRENGTH_STYLE = {
  weak: { percent: 33, color: '#ef4444' },
  medium: { percent: 66, color: '#f59e0b' },
  strong: { percent: 100, color: '#22c55e' },
} as const;

/** ChangePassword: old, new and confirmation; after success the user logs in again. */
export default function ChangePasswordScreen() {
  const [form] = Form.useForm<Fields>();
  const navigate = useNavigate();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const strength = passwordStrength(newPassword);

  const submit = async (fields: Fields) => {
    setError(null);
    setSubmitting(true);
    try {
      const [oldPassword, encryptedNew] = await Promise.all([
        encryptPassword(fields.oldPassword),
        encryptPassword(fields.newPassword),
      ]);
      await updatePassword({ oldPassword, newPassword: encryptedNew });
      const loginPath = await logout();
      toast('密码已修改，请使用新密码重新登录', 'success');
      navigate(loginPath, { replace: true });
    } catch (failure) {
      if (!isCancelled(failure)) setError(failure instanceof Error ? failure.message : '修改失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  };

  const leave = async () => navigate(await logout(), { replace: true });

  return (
    <BarePage>
      <Card variant="borderless" style={{ maxWidth: 480, margin: '24px auto' }}>
        <h1 style={{ fontSize: 22, marginTop: 0 }}>修改密码</h1>
        <Typography.Paragraph type="secondary">
          为了账号安全，首次登录或密码被重置后须先修改密码。新密码为 8–32 位，须同时包含字母和数字。
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            rules={[
              { required: true, message: '请输入新密码' },
              {
                validator: async (_, value: string | undefined) => {
                  const problem = value ? passwordProblem(value) : null;
                  if (problem) throw new Error(problem);
                },
              },
              ({ getFieldValue }) => ({
                validator: async (_, value: string | undefined) => {
                  if (value && value === getFieldValue('oldPassword')) throw new Error('新密码不能与原密码相同');
                },
              }),
            ]}
            extra={
              newPassword ? (
                <Space style={{ width: '100%' }} aria-live="polite">
                  <span>密码强度：{STRENGTH_LABELS[strength]}</span>
                  <Progress
                    percent={STRENGTH_STYLE[strength].percent}
                    strokeColor={STRENGTH_STYLE[strength].color}
                    showInfo={false}
                    size="small"
                    style={{ width: 160, margin: 0 }}
                    aria-label={`密码强度${STRENGTH_LABELS[strength]}`}
                  />
                </Space>
              ) : null
            }
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认新密码"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: '请再次输入新密码' },
              ({ getFieldValue }) => ({
                validator: async (_, value: string | undefined) => {
                  if (value && value !== getFieldValue('newPassword')) throw new Error('两次输入的密码不一致');
                },
              }),
            ]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={32} />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button onClick={() => void leave()}>退出登录</Button>
            <Button type="primary" htmlType="submit" loading={submitting}>
              确认修改
            </Button>
          </Space>
        </Form>
      </Card>
    </BarePage>
  );
}
