import type { Plugin } from 'vite';

/** The name a qiankun host registers this app under (registerMicroApps({ name })). */
export const MICRO_APP_NAME = 'zikao-web';
/** Global the lifecycle entry publishes its functions on. */
export const LIFECYCLES_GLOBAL = '__ZIKAO_WEB_LIFECYCLES__';

/**
 * qiankun evaluates a child's scripts as classic scripts, so it cannot run Vite's ES module entry.
 * This plugin marks the module entry `ignore` (import-html-entry skips it; browsers ignore the
 * attribute) and adds a classic `entry` script that defines the qiankun lifecycles by importing
 * the separate lifecycle chunk with a native dynamic import. Standalone visits are unaffected.
 */
export function qiankunHtml(lifecycleEntryName: string): Plugin {
  return {
    name: 'zikao:qiankun-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'chunk' && item.isEntry && item.name === lifecycleEntryName,
        );
        if (!chunk) throw new Error(`qiankun-html: no entry chunk named ${lifecycleEntryName}`);
        const withIgnore = html.replace(/<script type="module"/g, '<script type="module" ignore');
        const loader = [
          '(function (g) {',
          "  var base = g.__INJECTED_PUBLIC_PATH_BY_QIANKUN__ || '/';",
          '  var ready;',
          '  function load() {',
          `    ready = ready || import(base + ${JSON.stringify(chunk.fileName)}).then(function () { return g.${LIFECYCLES_GLOBAL}; });`,
          '    return ready;',
          '  }',
          '  function call(name) { return function (props) { return load().then(function (l) { return l[name](props); }); }; }',
          `  g[${JSON.stringify(MICRO_APP_NAME)}] = { bootstrap: call('bootstrap'), mount: call('mount'), unmount: call('unmount'), update: call('update') };`,
          '})(window);',
        ].join('\n');
        return withIgnore.replace('</body>', `  <script entry>\n${loader}\n    </script>\n  </body>`);
      },
    },
  };
}
