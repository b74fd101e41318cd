import { Spin } from 'antd';

/** Shown while the first navigation (guard, lazy screen) is under way. */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <Spin size="large" />
      <span>正在加载…</span>
    </div>
  );
}
