// A DOM for component tests (happy-dom), made global before the test file and the app's modules
// load, as a browser page would have it. setup.ts imports this for `*.test.tsx` files only.
import { after, afterEach } from 'node:test';
import { GlobalRegistrator } from '@happy-dom/global-registrator';

GlobalRegistrator.register({ url: 'http://localhost:5173/', width: 1440, height: 900 });

// React warns about updates outside act() unless it knows it runs under a test's act().
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// Testing Library is loaded after the DOM exists: its `screen` binds to `document` on import.
const { cleanup } = await import('@testing-library/react');

// Each test starts from an empty page and empty storage, as a fresh browser context would.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Closing the window stops its timers and pending fetches, so the test process can end.
after(async () => {
  await GlobalRegistrator.unregister();
});
