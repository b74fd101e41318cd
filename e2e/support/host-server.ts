import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export interface HostOptions {
  /** Props handed to the micro app (JSON-serialisable part). */
  props: Record<string, string>;
  /** Where the host mounts the app; also the app's router base. */
  activeRule: string;
}

function qiankunHostPage(options: HostOptions): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>宿主门户</title></head>
<body>
  <header id="host-header">宿主门户（qiankun）</header>
  <main id="subapp"></main>
  <script src="/__host/qiankun.js"></script>
  <script>
    window.__hostNavigations = [];
    window.__hostLogouts = 0;
    window.qiankun.registerMicroApps([{
      name: 'zikao-web',
      entry: '/',
      container: '#subapp',
      activeRule: ${JSON.stringify(options.activeRule)},
      props: Object.assign(${JSON.stringify(options.props)}, {
        routerBase: ${JSON.stringify(options.activeRule)},
        onNavigate: function (path) { window.__hostNavigations.push(path); },
        onLogout: function () { window.__hostLogouts += 1; },
      }),
    }]);
    window.qiankun.start({ prefetch: false });
  </script>
</body>
</html>`;
}

function iframeHostPage(src: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>宿主门户（iframe）</title></head>
<body>
  <script>
    window.__hostMessages = [];
    window.addEventListener('message', function (event) { window.__hostMessages.push(event.data); });
  </script>
  <iframe id="app-frame" title="自考在线" src=${JSON.stringify(src)} style="width:1200px;height:800px;border:0"></iframe>
</body>
</html>`;
}

export interface HostServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A host application for embedding tests: `/portal/...` serves a qiankun host page,
 * `/iframe-host` an iframe host page; everything else is proxied to the app server, so the
 * host and the micro app share an origin the way a gateway would serve them. `/gw/api/` is a
 * second route to the API, for testing the `base_url` handover.
 */
export async function startHostServer(appUrl: string, options: HostOptions): Promise<HostServer> {
  const qiankunSource = await readFile(require.resolve('qiankun/dist/index.umd.min.js'), 'utf8');
  const target = new URL(appUrl);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host.test');
    if (url.pathname === '/__host/qiankun.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(qiankunSource);
      return;
    }
    if (url.pathname.startsWith('/portal')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(qiankunHostPage(options));
      return;
    }
    if (url.pathname === '/iframe-host') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(iframeHostPage(url.searchParams.get('src') ?? '/'));
      return;
    }
    // A gateway prefix: `/gw/api/...` reaches the app server's `/api/...` (the base_url handover).
    const path = (req.url ?? '/').replace(/^\/gw\/api\//, '/api/');
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
