import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A route failed to load or render: say so in Chinese and offer a way on. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="full-page-center">
      <Result
        status={notFound ? '404' : '500'}
        title={notFound ? '页面不存在' : '页面加载失败'}
        subTitle={notFound ? '您访问的页面不存在或已被移除。' : '可能是网络不稳定或版本已更新，请刷新页面重试。'}
        extra={[
          <Button key="reload" type="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>,
          <Button key="home" href="/">
            返回首页
          </Button>,
        ]}
      />
    </main>
  );
}
