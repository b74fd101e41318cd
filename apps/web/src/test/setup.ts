// The web unit step's `--import`: a component test (`*.test.tsx`) gets Node loading the app's
// `.tsx`, styles and assets as Vite does (tsx-loader.ts) and a DOM (dom.ts). Plain unit tests
// (`*.test.ts`) get neither: the loader's thread would double their start-up.
//
//   cd apps/web && node --import ./src/test/setup.ts --test 'src/**/*.test.tsx'
import { register } from 'node:module';

if (process.argv[1]?.endsWith('.test.tsx')) {
  register('./tsx-loader.ts', import.meta.url);
  await import('./dom.ts');
}
