/** Shown while the first navigation (guard, lazy screen) is under way; plain CSS, no antd Spin. */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <span className="boot-spinner" aria-hidden="true" />
      <span>正在加载…</span>
    </div>
  );
}
