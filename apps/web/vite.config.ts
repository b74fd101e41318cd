import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keepPreviousBuild } from './build/keep-previous-build.ts';
import { qiankunHtml } from './build/qiankun-html-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  plugins: [react(), qiankunHtml('lifecycles'), keepPreviousBuild()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_COMMIT__: JSON.stringify(process.env.GIT_COMMIT ?? gitCommit()),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // Not emptied: a running server's open tabs still need the previous build's chunks
    // (build/keep-previous-build.ts removes older ones).
    emptyOutDir: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        lifecycles: fileURLToPath(new URL('./src/lifecycles.ts', import.meta.url)),
      },
      output: {
        // Two shared groups instead of dozens of small chunks split by who imports them: React
        // with the router, which every page and /login need, and antd's core (provider, theme,
        // CSS-in-JS, message), which every page but /login needs (adr/025). Everything else
        // still splits by route.
        codeSplitting: {
          groups: [
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 20,
            },
            {
              name: 'antd-core',
              test: /node_modules[\\/](antd[\\/]es[\\/](config-provider|theme|_util|style|locale|message)|@ant-design[\\/](cssinjs|cssinjs-utils|fast-color|colors)|@rc-component[\\/](util|motion|notification)|stylis|@emotion)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
