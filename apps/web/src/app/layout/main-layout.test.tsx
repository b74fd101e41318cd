// The layout's own behaviour, in a DOM, with the API answered in the contract's envelope. The
// browser suite (e2e/tests/layout.test.ts) keeps the routes, the drawer and the kept-alive list.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoticeApiPath } from '@zikao/contract/notice';
import { ApiPath } from '@zikao/contract/paths';
import { Role } from '@zikao/contract/roles';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadPreferences, useAppStore } from '../../shared/stores/app-store.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { AntdProvider } from '../antd-provider.tsx';
import { MainLayout } from './main-layout.tsx';

const USER_INFO = {
  id: 1,
  name: '管理员',
  account: '13800000001',
  userRole: Role.admin,
  headUrl: '',
  schoolLogo: '',
  schoolName: '',
  platform: 'teacher',
  majorName: '',
  mustChangePassword: false,
};

/** A page load of /data/index inside the layout: the app store starts from what is stored. */
function openPage() {
  useAppStore.setState({ ...loadPreferences(), device: 'desktop', needInclude: [] });
  const router = createMemoryRouter(
    [{ path: '/', element: <MainLayout />, children: [{ path: 'data/index', element: <h1>数据统计</h1> }] }],
    { initialEntries: ['/data/index'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntdProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntdProvider>,
  );
}

const collapsed = () => screen.getByTestId('sidebar').getAttribute('data-collapsed');

describe('the layout', () => {
  let api: ReturnType<typeof fakeApi> | undefined;
  afterEach(() => {
    api?.restore();
    api = undefined;
  });

  it('remembers a collapsed sidebar across a reload', async () => {
    api = fakeApi({
      [`POST ${ApiPath.userInfo}`]: () => ({ data: USER_INFO }),
      [`POST ${NoticeApiPath.unread}`]: () => ({ data: { count: 0 } }),
    });
    const user = userEvent.setup();
    const page = openPage();
    await api.settled();
    assert.equal(collapsed(), 'false');
    await user.click(screen.getByTestId('sidebar-toggle'));
    await waitFor(() => assert.equal(collapsed(), 'true', '侧边栏收起'));

    page.unmount();
    openPage();
    await api.settled();
    assert.equal(collapsed(), 'true');
    await user.click(screen.getByTestId('sidebar-toggle'));
    await waitFor(() => assert.equal(collapsed(), 'false', '侧边栏展开'));
  });
});
