import { type FormEvent, useState } from 'react';
import { isCancelled } from '../../../shared/request/errors.ts';
import type { Side } from '../../../shared/stores/session-persistence.ts';
import { loginByPassword } from '../api/auth-api.ts';
import { encryptPassword } from '../api/encrypt-password.ts';
import { phoneProblem } from '../phone-pattern.ts';
import { LoginButton } from './login-button.tsx';
import { LoginAlert, LoginField } from './login-field.tsx';
import { useSignIn } from './use-sign-in.ts';

export function PasswordLoginForm({ side }: { side: Side }) {
  const signIn = useSignIn(side);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [errors, setErrors] = useState<{ account?: string; password?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const next = { account: phoneProblem(account) ?? undefined, password: password ? undefined : '请输入密码' };
    setErrors(next);
    if (next.account || next.password) return;
    setSubmitting(true);
    try {
      const cipher = await encryptPassword(password);
      signIn(await loginByPassword(side, { account: account.trim(), password: cipher }));
    } catch (failure) {
      if (!isCancelled(failure)) setError(failure instanceof Error ? failure.message : '登录失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {error ? <LoginAlert text={error} /> : null}
      <LoginField
        id={`${side}-password-account`}
        label="手机号"
        value={account}
        onChange={setAccount}
        onBlur={() => account && setErrors((current) => ({ ...current, account: phoneProblem(account) ?? undefined }))}
        error={errors.account}
        placeholder="请输入手机号"
        inputMode="tel"
        autoComplete="username"
        maxLength={14}
      />
      <LoginField
        id={`${side}-password-password`}
        label="密码"
        type={visible ? 'text' : 'password'}
        value={password}
        onChange={setPassword}
        error={errors.password}
        placeholder="请输入密码"
        autoComplete="current-password"
        maxLength={32}
        addon={
          <button
            type="button"
            className="password-toggle"
            onClick={() => setVisible((value) => !value)}
            aria-pressed={visible}
          >
            {visible ? '隐藏' : '显示'}
          </button>
        }
      />
      <LoginButton type="submit" primary block loading={submitting}>
        登录
      </LoginButton>
    </form>
  );
}
