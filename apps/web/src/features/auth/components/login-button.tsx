import type { ButtonHTMLAttributes } from 'react';

interface LoginButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  primary?: boolean;
  block?: boolean;
  /** Shows a spinner and ignores clicks, as antd's `loading` does, without disabling the button. */
  loading?: boolean;
}

/**
 * A large button drawn like antd's (app.css `.plain-button`): the sign-in pages load no antd,
 * so their initial JavaScript stays small (adr/025).
 */
export function LoginButton({ primary, block, loading, className, children, onClick, ...button }: LoginButtonProps) {
  const classes = ['plain-button', 'plain-button-large'];
  if (primary) classes.push('plain-button-primary');
  if (block) classes.push('plain-button-block');
  if (className) classes.push(className);
  return (
    <button
      type="button"
      {...button}
      className={classes.join(' ')}
      aria-busy={loading ? true : undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading ? <span className="plain-button-spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
    </button>
  );
}
