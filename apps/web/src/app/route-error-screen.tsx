import { isRouteErrorResponse, useRouteError } from 'react-router';

// Plain markup rather than antd's Result or Button: the root route loads this eagerly, before
// antd (adr/025). The buttons are styled like antd's in app.css.

/** A route failed to load or render: say so in Chinese and offer a way on. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="full-page-center" role="alert">
      <h1 style={{ fontSize: 22, margin: 0, color: '#111827' }}>{notFound ? '页面不存在' : '页面加载失败'}</h1>
      <p style={{ margin: 0, color: '#595959' }}>
        {notFound ? '您访问的页面不存在或已被移除。' : '可能是网络不稳定或版本已更新，请刷新页面重试。'}
      </p>
      <div style={{ display: 'flex', gap: 8 }}>
        <button type="button" className="plain-button plain-button-primary" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <a className="plain-button" href="/">
          返回首页
        </a>
      </div>
    </main>
  );
}
