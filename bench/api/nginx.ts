import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Debian's nginx in the foreground with its own prefix under `dir`, running deploy/nginx.conf
 * (the documented configuration) with its listen port and upstream ports replaced, inside the
 * main settings docs/deploy.md asks of /etc/nginx/nginx.conf: one worker per core, as Debian has
 * it (BENCH_NGINX_WORKERS=n for n), and a buffered access log (Debian's writes once per request).
 */
export function startNginx(dir: string, port: number, upstreamPorts: number[]): ChildProcess {
  let site = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8').replace(
    /listen 80;/,
    `listen 127.0.0.1:${port};`,
  );
  const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+ (.*);$/gm)];
  if (servers.length !== upstreamPorts.length)
    throw new Error('deploy/nginx.conf names a different number of instances');
  servers.forEach((match, i) => {
    site = site.replace(match[0], `    server 127.0.0.1:${upstreamPorts[i]} ${match[1]};`);
  });
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  writeFileSync(path.join(dir, 'zikao.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes ${process.env.BENCH_NGINX_WORKERS ?? 'auto'};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log ${dir}/access.log combined buffer=64k flush=1s;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  include ${dir}/zikao.conf;
}
`,
  );
  return spawn('/usr/sbin/nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
