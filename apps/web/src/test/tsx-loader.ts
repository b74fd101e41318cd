// Module hooks that let Node load the web app's sources as Vite does, for component tests
// (registered by setup.ts): `.tsx` through Vite's own Oxc transform, style sheets as empty
// modules, assets and `?url` imports as their URL, `?raw` as the file's text, and the values
// vite.config.ts defines. Plain `.ts` is left to Node's own type stripping unless it reads one
// of those values.
import { readFile } from 'node:fs/promises';
import type { LoadHook, ResolveHook } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(await readFile(path.join(webRoot, 'package.json'), 'utf8')) as { version: string };

/** vite.config.ts's `define`, and the `import.meta.env` of a test run. */
const DEFINE: Record<string, string> = {
  __APP_VERSION__: JSON.stringify(pkg.version),
  __APP_COMMIT__: JSON.stringify('test'),
  __BUILD_TIME__: JSON.stringify('2026-01-01T00:00:00.000Z'),
  'import.meta.env.MODE': JSON.stringify('test'),
  'import.meta.env.DEV': 'true',
  'import.meta.env.PROD': 'false',
  'import.meta.env.SSR': 'false',
  'import.meta.env.BASE_URL': JSON.stringify('/'),
};
const READS_DEFINE = /__APP_VERSION__|__APP_COMMIT__|__BUILD_TIME__|import\.meta\.env/;

const STYLE = /\.(css|less|sass|scss)$/;
const ASSET = /\.(png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp3|mp4|webm|wav|pdf|bcmap|pfb)$/;
const QUERY = /\?(url|raw|inline)$/;

/** The URL Vite's dev server gives a file: its path from the web app's root, or /@fs/ outside it. */
function assetUrl(file: string): string {
  const relative = path.relative(webRoot, file);
  return relative.startsWith('..') ? `/@fs${file}` : `/${relative.split(path.sep).join('/')}`;
}

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  const query = QUERY.exec(specifier);
  if (query) {
    const resolved = await nextResolve(specifier.slice(0, query.index), context);
    return { ...resolved, url: `${resolved.url}?${query[1]}`, shortCircuit: true };
  }
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    // Packages built for bundlers (jsencrypt, antd/es/locale/zh_CN) name files without their
    // extension, which Vite resolves.
    if (specifier.startsWith('node:') || /\.(c|m)?(j|t)sx?$|\.json$/.test(specifier)) throw error;
    for (const suffix of ['.js', '.mjs', '/index.js']) {
      try {
        return await nextResolve(`${specifier}${suffix}`, context);
      } catch {
        // the next suffix
      }
    }
    throw error;
  }
};

let transform: typeof import('vite').transformWithOxc | undefined;

async function transformSource(source: string, file: string, lang: 'ts' | 'tsx'): Promise<string> {
  // Vite is loaded the first time a file needs it: most unit tests never do.
  transform ??= (await import('vite')).transformWithOxc;
  const result = await transform(source, file, {
    lang,
    jsx: { runtime: 'automatic', importSource: 'react', development: false },
    define: DEFINE,
    sourcemap: true,
  });
  const map = result.map ? Buffer.from(JSON.stringify(result.map)).toString('base64') : null;
  return map ? `${result.code}\n//# sourceMappingURL=data:application/json;base64,${map}\n` : result.code;
}

export const load: LoadHook = async (url, context, nextLoad) => {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const { pathname, search } = new URL(url);
  const file = fileURLToPath(`file://${pathname}`);
  if (search === '?raw') {
    const text = await readFile(file, 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  }
  if (search === '?url' || search === '?inline' || ASSET.test(pathname)) {
    return { format: 'module', source: `export default ${JSON.stringify(assetUrl(file))};`, shortCircuit: true };
  }
  if (STYLE.test(pathname)) return { format: 'module', source: 'export default {};', shortCircuit: true };
  if (pathname.endsWith('.tsx') || pathname.endsWith('.jsx')) {
    const source = await readFile(file, 'utf8');
    return { format: 'module', source: await transformSource(source, file, 'tsx'), shortCircuit: true };
  }
  if (pathname.endsWith('.ts') && !pathname.includes('/node_modules/')) {
    const loaded = await nextLoad(url, context);
    const source = String(loaded.source ?? '');
    if (loaded.format === 'module-typescript' && READS_DEFINE.test(source)) {
      return { format: 'module', source: await transformSource(source, file, 'ts'), shortCircuit: true };
    }
    return loaded;
  }
  return nextLoad(url, context);
};
