import type { InputHTMLAttributes, ReactNode } from 'react';

interface LoginFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Shown after the input inside the same row, e.g. the captcha image or the SMS button. */
  addon?: ReactNode;
}

/**
 * A labelled input with its error, styled like the rest of the UI. The login page uses plain
 * inputs instead of antd's Form and Input to keep its initial JavaScript small.
 */
export function LoginField({ id, label, value, onChange, error, addon, ...input }: LoginFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`login-field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="login-field-row">
        <input
          id={id}
          className="login-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <div id={errorId} className="login-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function LoginAlert({ text }: { text: string }) {
  return (
    <div className="login-alert" role="alert">
      {text}
    </div>
  );
}
