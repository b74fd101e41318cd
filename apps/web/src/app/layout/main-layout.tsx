import { useQuery } from '@tanstack/react-query';
import { Layout } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { fetchUserInfo } from '../../features/auth/api/user-api.ts';
import { SideDrawer } from '../../shared/components/steady-dialogs.tsx';
import { getHostContext } from '../../shared/host/host.ts';
import { useCurrentRoute } from '../../shared/routing/route-meta-context.ts';
import { useAppStore } from '../../shared/stores/app-store.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { HeaderBar } from './header-bar.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';
import { useDeviceDetection } from './use-device.ts';

const SIDER_WIDTH = 220;
const SIDER_COLLAPSED_WIDTH = 64;

function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  return (
    <Link
      to="/"
      className="sidebar-logo"
      aria-label="自考在线 首页"
      style={collapsed ? { padding: '0 18px' } : undefined}
    >
      <img src="/favicon.svg" alt="" />
      {collapsed ? null : <span>自考在线</span>}
    </Link>
  );
}

/** The shared layout: server menu in a collapsible sidebar (a drawer on small screens), header, kept-alive content. */
export function MainLayout() {
  useDeviceDetection();
  const { route } = useCurrentRoute();
  const sidebar = useAppStore((state) => state.sidebar);
  const device = useAppStore((state) => state.device);
  const fixedHeader = useAppStore((state) => state.fixedHeader);
  const sidebarLogo = useAppStore((state) => state.sidebarLogo);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  const applyUserInfo = useSessionStore((state) => state.applyUserInfo);
  const scrollRef = useRef<HTMLDivElement>(null);
  const userInfo = useQuery({ queryKey: ['user-info'], queryFn: () => fetchUserInfo() });
  // On a thesis, the sidebar folds so the document gets the room. Opening it there lasts until
  // the next screen and leaves the remembered choice for every other screen alone.
  const documentFirst = route?.documentFirst === true;
  const [openedOnDocument, setOpenedOnDocument] = useState(false);
  const routePath = route?.path;
  useEffect(() => {
    if (routePath !== undefined) setOpenedOnDocument(false);
  }, [routePath]);

  useEffect(() => {
    if (userInfo.data) applyUserInfo(userInfo.data);
  }, [userInfo.data, applyUserInfo]);

  // Embedded, some pages live in the host's own layout (seed 1): no sidebar or header here.
  if (route?.layout === 'parent-when-embedded' && getHostContext().embedded) {
    return (
      <div className="layout-scroll parent-layout" ref={scrollRef} data-testid="parent-layout">
        <main id="main-content">
          <KeepAliveOutlet scrollRef={scrollRef} />
        </main>
      </div>
    );
  }

  const mobile = device === 'mobile';
  const opened = documentFirst && !mobile ? openedOnDocument : sidebar.opened;
  const toggle = documentFirst && !mobile ? () => setOpenedOnDocument((value) => !value) : toggleSidebar;
  const header = <HeaderBar sidebarOpened={opened} onToggleSidebar={toggle} />;

  return (
    <Layout className="layout-shell" hasSider>
      <a className="skip-link" href="#main-content">
        跳到主要内容
      </a>
      {mobile ? (
        <SideDrawer
          open={sidebar.opened}
          placement="left"
          size={SIDER_WIDTH}
          onClose={() => closeSidebar(false)}
          closable={false}
          title={null}
          styles={{ body: { padding: 0, background: '#001529' } }}
          aria-label="导航菜单"
        >
          <nav aria-label="侧边栏">
            <SidebarLogo collapsed={false} />
            <SidebarMenu collapsed={false} onNavigate={() => closeSidebar(false)} />
          </nav>
        </SideDrawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={!opened}
          trigger={null}
          className={`layout-sider${sidebar.withoutAnimation ? ' without-animation' : ''}`}
          data-testid="sidebar"
          data-collapsed={!opened}
        >
          <nav aria-label="侧边栏">
            {sidebarLogo ? <SidebarLogo collapsed={!opened} /> : null}
            <SidebarMenu collapsed={!opened} />
          </nav>
        </Layout.Sider>
      )}
      <div className="layout-main">
        {fixedHeader ? header : null}
        <div className="layout-scroll" ref={scrollRef} data-testid="layout-scroll">
          {fixedHeader ? null : header}
          <main id="main-content" className="layout-content" tabIndex={-1}>
            <KeepAliveOutlet scrollRef={scrollRef} />
          </main>
        </div>
      </div>
    </Layout>
  );
}
