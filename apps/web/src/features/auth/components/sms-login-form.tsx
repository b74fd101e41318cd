import type { CaptchaResponse } from '@zikao/contract/auth';
import { ErrorCode } from '@zikao/contract/errors';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { toast } from '../../../shared/feedback/toast.ts';
import { ApiError, isCancelled } from '../../../shared/request/errors.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { fetchCaptcha, loginBySms, sendSmsCode } from '../api/auth-api.ts';
import { phoneProblem } from '../phone-pattern.ts';
import { cooldownRemaining, startCooldown } from '../sms-cooldown.ts';
import { LoginButton } from './login-button.tsx';
import { LoginAlert, LoginField } from './login-field.tsx';
import { useSignIn } from './use-sign-in.ts';

type FieldErrors = Partial<Record<'phone' | 'captcha' | 'code', string>>;

function useCooldown(): [number, () => void] {
  const [remaining, setRemaining] = useState(() => cooldownRemaining(localStorage, Date.now()));
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setInterval(() => setRemaining(cooldownRemaining(localStorage, Date.now())), 1000);
    return () => clearInterval(timer);
  }, [remaining]);
  return [remaining, () => setRemaining(startCooldown(localStorage, Date.now()))];
}

/** The image captcha, fetched on mount and again on demand (kept off TanStack Query for a lighter login page). */
function useCaptcha(side: Side): { data: CaptchaResponse | null; refresh: () => void } {
  const [data, setData] = useState<CaptchaResponse | null>(null);
  const load = useCallback(() => {
    const controller = new AbortController();
    setData(null);
    fetchCaptcha(side, controller.signal)
      .then(setData)
      .catch(() => undefined);
    return controller;
  }, [side]);
  useEffect(() => {
    const controller = load();
    return () => controller.abort();
  }, [load]);
  return { data, refresh: () => void load() };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : '登录失败，请稍后再试';
}

export function SmsLoginForm({ side }: { side: Side }) {
  const signIn = useSignIn(side);
  const [phone, setPhone] = useState('');
  const [answer, setAnswer] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [remaining, start] = useCooldown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const captcha = useCaptcha(side);

  const refreshCaptcha = () => {
    setAnswer('');
    captcha.refresh();
  };

  const requestCode = async () => {
    setError(null);
    // The captcha is needed only to send a code, so it is checked here rather than on submit.
    const next: FieldErrors = { phone: phoneProblem(phone) ?? undefined };
    if (!answer.trim()) next.captcha = '请输入图形验证码';
    setErrors(next);
    if (next.phone || next.captcha || !captcha.data) return;
    setSending(true);
    try {
      await sendSmsCode(side, { phone: phone.trim(), captchaId: captcha.data.captchaId, captcha: answer.trim() });
      start();
      toast('验证码已发送，请注意查收短信', 'success');
    } catch (failure) {
      if (isCancelled(failure)) return;
      if (failure instanceof ApiError && failure.code === ErrorCode.wrongCode) setErrors({ captcha: failure.message });
      else setError(errorText(failure));
      refreshCaptcha();
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const next: FieldErrors = {
      phone: phoneProblem(phone) ?? undefined,
      code: /^\d{6}$/.test(code.trim()) ? undefined : '请输入 6 位短信验证码',
    };
    setErrors(next);
    if (next.phone || next.code) return;
    setSubmitting(true);
    try {
      signIn(await loginBySms(side, { phone: phone.trim(), code: code.trim() }));
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const captchaSrc = captcha.data ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.svg)}` : null;

  return (
    <form onSubmit={submit} noValidate>
      {error ? <LoginAlert text={error} /> : null}
      <LoginField
        id={`${side}-sms-phone`}
        label="手机号"
        value={phone}
        onChange={setPhone}
        onBlur={() => phone && setErrors((current) => ({ ...current, phone: phoneProblem(phone) ?? undefined }))}
        error={errors.phone}
        placeholder="请输入手机号"
        inputMode="tel"
        autoComplete="tel"
        maxLength={14}
      />
      <LoginField
        id={`${side}-sms-captcha`}
        label="图形验证码"
        value={answer}
        onChange={setAnswer}
        error={errors.captcha}
        placeholder="请输入右侧字符"
        autoComplete="off"
        maxLength={8}
        addon={
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
              <span className="captcha-placeholder">加载中…</span>
            )}
          </button>
        }
      />
      <LoginField
        id={`${side}-sms-code`}
        label="短信验证码"
        value={code}
        onChange={setCode}
        error={errors.code}
        placeholder="6 位数字"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        addon={
          <LoginButton className="sms-button" onClick={requestCode} loading={sending} disabled={remaining > 0}>
            {remaining > 0 ? `${remaining} 秒后重新获取` : '获取验证码'}
          </LoginButton>
        }
      />
      <LoginButton type="submit" primary block loading={submitting}>
        登录
      </LoginButton>
    </form>
  );
}
