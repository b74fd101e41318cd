import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ErrorCode } from '@zikao/contract/errors';
import { Alert, Button, Form, Input, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../shared/feedback/toast.ts';
import { ApiError, isCancelled } from '../../../shared/request/errors.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { fetchCaptcha, loginBySms, sendSmsCode } from '../api/auth-api.ts';
import { PHONE_RULE } from '../phone-rule.ts';
import { cooldownRemaining, startCooldown } from '../sms-cooldown.ts';
import { useSignIn } from './use-sign-in.ts';

interface SmsFields {
  phone: string;
  captcha: string;
  code: string;
}

function useCooldown(): [number, () => void] {
  const [remaining, setRemaining] = useState(() => cooldownRemaining(localStorage, Date.now()));
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setRemaining(cooldownRemaining(localStorage, Date.now())), 1000);
    return () => clearInterval(timer);
  }, [remaining]);
  return [remaining, () => setRemaining(startCooldown(localStorage, Date.now()))];
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '登录失败，请稍后再试';
}

export function SmsLoginForm({ side }: { side: Side }) {
  const [form] = Form.useForm<SmsFields>();
  const signIn = useSignIn(side);
  const [remaining, start] = useCooldown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useQuery({ queryKey: ['captcha', side], queryFn: () => fetchCaptcha(side), staleTime: 0, gcTime: 0 });

  const refreshCaptcha = () => {
    form.setFieldValue('captcha', '');
    void captcha.refetch();
  };

  const requestCode = async () => {
    setError(null);
    let phone: string;
    try {
      ({ phone } = await form.validateFields(['phone']));
    } catch {
      return;
    }
    // The captcha is needed only to send a code, so it is checked here rather than on submit.
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    if (!answer) {
      form.setFields([{ name: 'captcha', errors: ['请输入图形验证码'] }]);
      return;
    }
    if (!captcha.data) return;
    setSending(true);
    try {
      await sendSmsCode(side, {
        phone: phone.trim(),
        captchaId: captcha.data.captchaId,
        captcha: answer,
      });
      start();
      toast('验证码已发送，请注意查收短信', 'success');
    } catch (failure) {
      if (isCancelled(failure)) return;
      if (failure instanceof ApiError && failure.code === ErrorCode.wrongCode) {
        form.setFields([{ name: 'captcha', errors: [failure.message] }]);
      } else {
        setError(errorText(failure));
      }
      refreshCaptcha();
    } finally {
      setSending(false);
    }
  };

  const submit = async (fields: SmsFields) => {
    setError(null);
    setSubmitting(true);
    try {
      signIn(await loginBySms(side, { phone: fields.phone.trim(), code: fields.code.trim() }));
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const captchaSrc = captcha.data ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.svg)}` : null;

  return (
    <Form form={form} layout="vertical" size="large" onFinish={submit} requiredMark={false} autoComplete="on">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form.Item name="phone" label="手机号" rules={[PHONE_RULE]} validateTrigger="onBlur">
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号"
          inputMode="tel"
          autoComplete="tel"
          maxLength={14}
        />
      </Form.Item>
      <Form.Item label="图形验证码" required htmlFor="captcha">
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captcha" noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入右侧字符"
              aria-label="图形验证码"
              maxLength={8}
              autoComplete="off"
            />
          </Form.Item>
          <button
            type="button"
            className="captcha-button"
            onClick={refreshCaptcha}
            aria-label="看不清？点击刷新图形验证码"
            title="看不清？点击刷新"
            data-testid="captcha-refresh"
          >
            {captchaSrc ? (
              <img
                src={captchaSrc}
                alt="图形验证码"
                width={120}
                height={38}
                data-captcha-id={captcha.data?.captchaId}
              />
            ) : (
              <Skeleton.Button active style={{ width: 120, height: 38 }} />
            )}
          </button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="短信验证码" required htmlFor="code">
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[{ required: true, pattern: /^\d{6}$/, message: '请输入 6 位短信验证码' }]}
          >
            <Input
              placeholder="6 位数字"
              inputMode="numeric"
              maxLength={6}
              aria-label="短信验证码"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button onClick={requestCode} loading={sending} disabled={remaining > 0} style={{ width: 140 }}>
            {remaining > 0 ? `${remaining} 秒后重新获取` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        登录
      </Button>
    </Form>
  );
}
