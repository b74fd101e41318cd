// Builds the web app into a folder of its own (or reads the build in WEB_DIST) and measures the
// JavaScript /login loads before it can be used: the HTML entry with its static imports (its
// modulepreloads) plus the sign-in screen the router imports at once on /login, with its static
// imports (preloaded with it). Everything is read from Vite's manifest of that build, not from a
// list of files. Also reported: the JavaScript /login fetches only after it has rendered (antd and
// the toast host, adr/025) and the largest chunk. Prints one JSON line; exits 1 over budget.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;

const repoRoot = path.resolve(import.meta.dirname, '../..');
const webRoot = path.join(repoRoot, 'apps/web');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** A fresh build in a temporary folder, so the bench never touches apps/web/dist of a running server. */
function build(): { dist: string; cleanUp: () => void } {
  const dist = mkdtempSync(path.join(tmpdir(), 'zikao-bench-web-'));
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: webRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { dist, cleanUp: () => rmSync(dist, { recursive: true, force: true }) };
}

const given = process.env.WEB_DIST;
const { dist, cleanUp } = given ? { dist: path.resolve(given), cleanUp: () => undefined } : build();

try {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;

  /** A chunk's file and, transitively, every chunk it imports statically. */
  const staticClosure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
    return seen;
  };
  const sourceKey = (suffix: string): string => {
    const key = Object.keys(manifest).find((candidate) => candidate.endsWith(suffix));
    if (!key) throw new Error(`the manifest has no chunk for ${suffix}`);
    return key;
  };
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
  const jsKb = (files: Iterable<string>) =>
    [...files].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipKb(file), 0);

  if (!manifest['index.html']) throw new Error('the manifest has no HTML entry');
  const entry = staticClosure('index.html');
  const login = staticClosure(sourceKey('src/features/auth/components/teacher-login-screen.tsx'), new Set(entry));
  // Loaded once the first screen has rendered and the browser is idle (app/app.tsx).
  const afterRender = [...staticClosure(sourceKey('src/app/toast-host.tsx'))].filter((file) => !login.has(file));

  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const largestKb = Math.max(...assets.map((file) => gzipKb(path.join('assets', file))));

  const round = (value: number) => Math.round(value * 10) / 10;
  const loginKb = round(jsKb(login));
  console.log(
    JSON.stringify({
      login_initial_js_gzip_kb: loginKb,
      login_initial_js_budget_kb: BUDGET_KB,
      login_initial_js_chunks: [...login].filter((file) => file.endsWith('.js')).length,
      within_budget: loginKb <= BUDGET_KB,
      login_after_render_js_gzip_kb: round(jsKb(afterRender)),
      largest_chunk_gzip_kb: round(largestKb),
    }),
  );
  if (loginKb > BUDGET_KB) process.exitCode = 1;
} finally {
  cleanUp();
}
