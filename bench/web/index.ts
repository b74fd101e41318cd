// Builds the web app and measures the JavaScript the /login page loads before it can be used:
// the HTML entry with its static imports, plus the lazily loaded login screen with its static
// imports (the router requests it at once on /login). Prints one JSON line.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dist = path.join(repoRoot, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

execFileSync('npm', ['run', 'build', '-w', '@zikao/web'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

const loginScreen = Object.keys(manifest).find((key) =>
  key.endsWith('features/auth/components/teacher-login-screen.tsx'),
);
if (!manifest['index.html'] || !loginScreen) throw new Error('manifest is missing the HTML entry or the login screen');
const loginFiles = staticClosure(loginScreen, staticClosure('index.html'));
const loginKb = [...loginFiles].filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipKb(file), 0);

const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const largestKb = Math.max(...assets.map((file) => gzipKb(path.join('assets', file))));

const round = (value: number) => Math.round(value * 10) / 10;
console.log(JSON.stringify({ login_initial_js_gzip_kb: round(loginKb), largest_chunk_gzip_kb: round(largestKb) }));
