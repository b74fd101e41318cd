import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { menuForRole } from '@zikao/contract/menu';
import { Role } from '@zikao/contract/roles';
import { decideNavigation, type GuardInput, resolveHome } from './guard.ts';
import { matchRoute } from './route-match.ts';
import { ROUTES } from './route-table.ts';

function input(path: string, overrides: Partial<GuardInput> = {}): GuardInput {
  const [pathname = '/', query = ''] = path.split('?');
  const search = query ? `?${query}` : '';
  return {
    pathname,
    search,
    route: matchRoute(ROUTES, pathname, search)?.route ?? null,
    embedded: false,
    urlToken: null,
    storedToken: null,
    roles: 0,
    routesGenerated: false,
    menu: [],
    ...overrides,
  };
}

const loggedIn = { storedToken: 'tok', roles: Role.reviewer, routesGenerated: true, menu: menuForRole(Role.reviewer) };

describe('guard (seed section 4)', () => {
  for (const path of [
    '/login',
    '/version',
    '/board',
    '/admin/topic/review/1',
    '/admin/thesis/review/2',
    '/admin/thesisRetest/review/3',
  ]) {
    it(`lets an unauthenticated user open the whitelisted ${path}`, () => {
      assert.deepEqual(decideNavigation(input(path)), { kind: 'pass' });
    });
  }

  it('sends an unauthenticated user to /login with the full path and query as redirect', () => {
    assert.deepEqual(decideNavigation(input('/data/index?batch=2026&stage=final')), {
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/data/index?batch=2026&stage=final')}`,
    });
  });

  it('sends unauthenticated students to the student login', () => {
    assert.deepEqual(decideNavigation(input('/student/thesis')), {
      kind: 'redirect',
      to: `/student/login?redirect=${encodeURIComponent('/student/thesis')}`,
    });
  });

  it('lets an embedded app pass without a token', () => {
    assert.deepEqual(decideNavigation(input('/annotate/thesis/finally/list', { embedded: true })), { kind: 'pass' });
  });

  it('lets a token from the URL through, then asks for the role', () => {
    assert.deepEqual(decideNavigation(input('/data/index?token=abc', { urlToken: 'abc' })), { kind: 'load-role' });
  });

  it('lets a token from local storage through, then asks for the role', () => {
    assert.deepEqual(decideNavigation(input('/data/index', { storedToken: 'abc' })), { kind: 'load-role' });
  });

  it('generates routes once the role is non-zero and not before', () => {
    assert.deepEqual(decideNavigation(input('/data/index', { storedToken: 'abc', roles: Role.teacher })), {
      kind: 'generate-routes',
    });
    assert.deepEqual(decideNavigation(input('/data/index', loggedIn)), { kind: 'pass' });
  });

  it('redirects /login to / when a role is set', () => {
    assert.deepEqual(decideNavigation(input('/login', loggedIn)), { kind: 'redirect', to: '/' });
    assert.deepEqual(decideNavigation(input('/student/login', loggedIn)), { kind: 'redirect', to: '/' });
  });

  it('keeps ChangePassword open with a token, without generating routes', () => {
    assert.deepEqual(decideNavigation(input('/account/password', { storedToken: 'x', roles: 2 })), { kind: 'pass' });
    assert.equal(decideNavigation(input('/account/password')).kind, 'redirect');
  });

  it("sends '/' to the annotation area when the menu has it", () => {
    assert.deepEqual(decideNavigation(input('/', loggedIn)), { kind: 'redirect', to: '/annotate' });
    assert.deepEqual(decideNavigation(input('/annotate', loggedIn)), { kind: 'redirect', to: '/annotate/topic' });
  });

  it("sends '/' to the first route (or its first nested child) when the role has no annotation area", () => {
    // A teacher's first menu route is 首页 (/home), which has no children.
    const teacher = { storedToken: 't', roles: Role.teacher, routesGenerated: true, menu: menuForRole(Role.teacher) };
    assert.deepEqual(decideNavigation(input('/', teacher)), { kind: 'redirect', to: '/home' });
    const student = { storedToken: 't', roles: Role.student, routesGenerated: true, menu: menuForRole(Role.student) };
    assert.deepEqual(decideNavigation(input('/', student)), { kind: 'redirect', to: '/student/thesis' });
  });

  it('resolves home for an empty menu to the seed default', () => {
    assert.equal(resolveHome([]), '/annotate');
  });
});

describe('guard redirects for embedded apps without a token', () => {
  it('still follows the static redirects', () => {
    assert.deepEqual(decideNavigation(input('/annotate/thesis/finally', { embedded: true })), {
      kind: 'redirect',
      to: '/annotate/thesis/finally/list',
    });
  });
});
