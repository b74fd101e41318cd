import {
  BellOutlined,
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ROLE_LABELS, type Role } from '@zikao/contract/roles';
import { Avatar, Badge, Breadcrumb, Button, Dropdown, type MenuProps, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import { homePathFor } from '../../features/home/home-path.ts';
import { bellLabel, noticePathFor } from '../../features/notices/components/notice-badge.ts';
import { useUnreadNotices } from '../../features/notices/components/use-unread-notices.ts';
import { BADGE_MAX } from '../../shared/config/constants.ts';
import { CHANGE_PASSWORD_PATH } from '../../shared/routing/paths.ts';
import { useCurrentRoute } from '../../shared/routing/route-meta-context.ts';
import { logout } from '../../shared/session/logout.ts';
import { useSessionStore } from '../../shared/stores/session-store.ts';
import { queryClient } from '../query-client.ts';
import { SettingsButton } from './settings-button.tsx';

interface HeaderBarProps {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
}

export function HeaderBar({ sidebarOpened, onToggleSidebar }: HeaderBarProps) {
  const navigate = useNavigate();
  const { crumbs, route } = useCurrentRoute();
  const name = useSessionStore((state) => state.name);
  const headUrl = useSessionStore((state) => state.headUrl);
  const schoolLogo = useSessionStore((state) => state.schoolLogo);
  const schoolName = useSessionStore((state) => state.schoolName);
  const userRole = useSessionStore((state) => state.userRole) as Role;
  const unreadNotices = useUnreadNotices(userRole > 0);

  const userMenu: MenuProps['items'] = [
    { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onUserMenu: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'password') navigate(CHANGE_PASSWORD_PATH);
    if (key === 'logout') {
      const loginPath = await logout();
      queryClient.clear();
      navigate(loginPath, { replace: true });
    }
  };

  return (
    <header className="layout-header" style={{ padding: '0 16px' }}>
      <Button
        type="text"
        icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={sidebarOpened ? '收起侧边栏' : '展开侧边栏'}
        aria-expanded={sidebarOpened}
        data-testid="sidebar-toggle"
      />
      <nav className="header-breadcrumb" aria-label="面包屑">
        <Breadcrumb
          items={[
            { title: <Link to={homePathFor(userRole)}>首页</Link> },
            // 首页 itself is the first crumb already.
            ...(route?.name === 'Home' ? [] : crumbs).map((crumb) => ({
              title: crumb.path ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
            })),
          ]}
        />
      </nav>
      <div className="header-actions">
        {schoolLogo ? <img className="school-logo" src={schoolLogo} alt={schoolName || '学校标志'} /> : null}
        <Tooltip title="通知公告">
          <Link to={noticePathFor(userRole)} aria-label={bellLabel(unreadNotices)} data-testid="notice-bell">
            <Badge count={unreadNotices} overflowCount={BADGE_MAX} size="small">
              <BellOutlined style={{ fontSize: 18, color: '#4b5563', padding: 6 }} />
            </Badge>
          </Link>
        </Tooltip>
        <SettingsButton />
        <Dropdown menu={{ items: userMenu, onClick: onUserMenu }} trigger={['click']} placement="bottomRight">
          <button type="button" className="header-user" data-testid="user-menu">
            <Avatar size={30} src={headUrl || undefined} icon={headUrl ? undefined : <UserOutlined />} alt="" />
            <span data-testid="header-user-name">{name || '用户'}</span>
            <span className="header-role">{ROLE_LABELS[userRole] ?? ''}</span>
            <span className="sr-only">用户菜单</span>
            <DownOutlined aria-hidden style={{ fontSize: 10, color: '#6b7280' }} />
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
