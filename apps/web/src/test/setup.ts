// The web unit step's `--import`: Node loads the app's `.tsx`, styles and assets as Vite does
// (tsx-loader.ts), and a component test (`*.test.tsx`) runs in a DOM (dom.ts).
//
//   cd apps/web && node --import ./src/test/setup.ts --test 'src/**/*.test.tsx'
import { register } from 'node:module';

register('./tsx-loader.ts', import.meta.url);

if (process.argv[1]?.endsWith('.test.tsx')) await import('./dom.ts');
