import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';

// The loader runs against the real stores and request client; give them the browser globals
// they touch (storage, location) and answer their calls with a stubbed fetch.
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
}
const assigned: string[] = [];
const location = { pathname: '/', search: '', hash: '', assign: (url: string) => assigned.push(url) };
Object.assign(globalThis, {
  localStorage: memoryStorage(),
  sessionStorage: memoryStorage(),
  window: {
    location,
    self: globalThis,
    top: globalThis,
    parent: globalThis,
    history: { state: null, replaceState: () => undefined },
  },
});

type Responder = (path: string) => unknown;
let respond: Responder = () => ({ errorCode: 0, errorMsg: '', data: null });
const calls: string[] = [];
globalThis.fetch = (async (input: string | URL | Request) => {
  const path = new URL(String(input), 'http://app.test').pathname;
  calls.push(path);
  const body = respond(path);
  if (body instanceof Error) throw body;
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

const { guardLoader } = await import('./guard-loader.ts');
const { startHostContext } = await import('../shared/host/host.ts');
const { useSessionStore } = await import('../shared/stores/session-store.ts');
const { usePermissionStore } = await import('../shared/stores/permission-store.ts');

const MENU = [
  {
    path: '/annotate',
    name: 'Annotate',
    title: '论文批注',
    children: [{ path: '/annotate/topic/list', name: 'AnnotateTopicList', title: '批注选题' }],
  },
];
const USER = {
  id: 3,
  name: '陈评阅',
  account: '13800000003',
  userRole: 3,
  headUrl: '',
  schoolLogo: '',
  schoolName: '',
  platform: 'web',
  majorName: '',
  mustChangePassword: false,
};

async function run(path: string): Promise<{ redirect: string | null }> {
  const [pathname = '/', query = ''] = path.split('?');
  location.pathname = pathname;
  location.search = query ? `?${query}` : '';
  try {
    await guardLoader({ request: new Request(`http://app.test${path}`), params: {}, context: {} } as never);
    return { redirect: null };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') };
    throw thrown;
  }
}

function signedIn(role: number): void {
  localStorage.setItem('zikao_token', 'tok');
  useSessionStore.setState({ token: 'tok', userRole: role, side: 'teacher' });
  usePermissionStore.setState({ roles: role, routes: [], generated: false });
}

describe('guard loader (seed 4.2 and 4.3)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    calls.length = 0;
    assigned.length = 0;
    useSessionStore.setState({ token: '', userRole: 0 });
    usePermissionStore.getState().reset();
  });

  it('sends a visitor without a token to login with the redirect', async () => {
    assert.deepEqual(await run('/data/index?batch=1'), {
      redirect: `/login?redirect=${encodeURIComponent('/data/index?batch=1')}`,
    });
    assert.deepEqual(calls, []);
  });

  it('asks who a bare token belongs to, generates routes once, then lets the navigation through', async () => {
    localStorage.setItem('zikao_token', 'tok');
    useSessionStore.setState({ token: 'tok', userRole: 0 });
    respond = (path) => ({ errorCode: 0, errorMsg: '', data: path.endsWith('/getUserInfo') ? USER : MENU });
    assert.deepEqual(await run('/data/index'), { redirect: null });
    assert.deepEqual(calls, ['/api/v1/getUserInfo', '/api/auth/v1/menu/list']);
    assert.equal(usePermissionStore.getState().roles, 3);
    assert.equal(usePermissionStore.getState().generated, true);
    assert.deepEqual(await run('/history/topic'), { redirect: null });
    assert.equal(calls.length, 2, 'routes are generated once');
  });

  it('goes to login with the redirect when route generation fails, dropping the session', async () => {
    signedIn(3);
    respond = () => new TypeError('fetch failed');
    assert.deepEqual(await run('/data/index?x=1'), {
      redirect: `/login?redirect=${encodeURIComponent('/data/index?x=1')}`,
    });
    assert.equal(localStorage.getItem('zikao_token'), null);
    assert.equal(usePermissionStore.getState().roles, 0);
  });

  it('goes to ChangePassword when route generation answers 1030002', async () => {
    signedIn(2);
    respond = () => ({ errorCode: 1030002, errorMsg: '首次登录请修改密码', data: null });
    assert.deepEqual(await run('/classroom/list'), { redirect: '/account/password' });
  });

  it("resolves '/' from the generated menu", async () => {
    signedIn(2);
    respond = () => ({
      errorCode: 0,
      errorMsg: '',
      data: [
        {
          path: '/teaching',
          name: 'Teaching',
          title: '教学中心',
          children: [{ path: '/classroom/list', name: 'ClassroomList', title: '直播课程' }],
        },
      ],
    });
    assert.deepEqual(await run('/'), { redirect: '/classroom/list' });
  });

  // 首页 (issue 21 §3) heads each staff menu; '/' keeps the seed's rules around it.
  const HOME = { path: '/home', name: 'Home', title: '首页' };

  it("still sends '/' to the annotation area when 首页 heads a reviewer's menu", async () => {
    signedIn(3);
    respond = () => ({ errorCode: 0, errorMsg: '', data: [HOME, ...MENU] });
    assert.deepEqual(await run('/'), { redirect: '/annotate' });
    assert.deepEqual(await run('/home'), { redirect: null }, '首页 opens for the reviewer');
  });

  it("sends a teacher's '/' to 首页, the first route of their menu, which has no nested child", async () => {
    signedIn(2);
    respond = () => ({
      errorCode: 0,
      errorMsg: '',
      data: [
        HOME,
        {
          path: '/teaching',
          name: 'Teaching',
          title: '教学中心',
          children: [{ path: '/classroom/list', name: 'ClassroomList', title: '直播课程' }],
        },
      ],
    });
    assert.deepEqual(await run('/'), { redirect: '/home' });
  });

  it('sends a signed-in user from /login to / whatever their menu', async () => {
    signedIn(3);
    respond = () => ({ errorCode: 0, errorMsg: '', data: [HOME, ...MENU] });
    assert.deepEqual(await run('/login'), { redirect: '/' });
    assert.deepEqual(await run('/login?redirect=%2Fhome'), { redirect: '/' });
  });
  it('never copies a token from the URL into the login redirect (issue 32 §1.8)', async () => {
    respond = () => ({ errorCode: 1030001, errorMsg: '登录已过期，请重新登录', data: null });
    const { redirect } = await run('/data/index?token=expired-token&x=1&w_token=expired-token');
    assert.equal(redirect, `/login?redirect=${encodeURIComponent('/data/index?x=1')}`);
  });

  it('embedded, an expired handed-over token tells the host once and shows the notice, not the login (issue 32 §1.8)', async () => {
    const navigations: string[] = [];
    startHostContext({ token: 'expired-token', from: 'portal', onNavigate: (path: string) => navigations.push(path) });
    try {
      respond = () => ({ errorCode: 1030001, errorMsg: '登录已过期，请重新登录', data: null });
      const { redirect } = await run('/annotate/topic/list?token=expired-token&from=portal');
      assert.equal(redirect, '/embedded/signed-out');
      assert.deepEqual(navigations, ['/login'], 'the host is asked to sign the user in, once');
      assert.equal(localStorage.getItem('zikao_token'), null);
      // A failure that is no expired session: the host is told all the same.
      signedIn(3);
      respond = () => new TypeError('fetch failed');
      assert.equal((await run('/data/index')).redirect, '/embedded/signed-out');
      assert.deepEqual(navigations, ['/login', '/login']);
      assert.ok(
        assigned.every((url) => !url.includes('expired-token')),
        'no token in any address',
      );
    } finally {
      startHostContext(null);
    }
  });
});
