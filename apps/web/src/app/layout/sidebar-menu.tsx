import type { MenuItem as ServerMenuItem } from '@zikao/contract/auth';
import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { menuIcon } from '../../shared/components/menu-icons.tsx';
import { useCurrentRoute } from '../../shared/routing/route-meta-context.ts';
import { usePermissionStore } from '../../shared/stores/permission-store.ts';

type AntItem = Required<MenuProps>['items'][number];

function toItems(items: readonly ServerMenuItem[]): AntItem[] {
  return items
    .filter((item) => !item.hidden)
    .map((item) => {
      const children = item.children?.filter((child) => !child.hidden) ?? [];
      if (children.length > 0) {
        return { key: item.path, icon: menuIcon(item.icon), label: item.title, children: toItems(children) };
      }
      return { key: item.path, icon: menuIcon(item.icon), label: item.title };
    });
}

/** Items from the menu root to the item whose route name is `name`. */
function trail(items: readonly ServerMenuItem[], name: string): ServerMenuItem[] | null {
  for (const item of items) {
    if (item.name === name) return [item];
    const below = item.children ? trail(item.children, name) : null;
    if (below) return [item, ...below];
  }
  return null;
}

/** The server-driven menu (seed 1 and 6), with the current page, or the page it came from, selected. */
export function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const menu = usePermissionStore((state) => state.routes);
  const { route } = useCurrentRoute();
  const navigate = useNavigate();
  const items = useMemo(() => toItems(menu), [menu]);
  const path = useMemo(() => {
    if (!route) return [];
    return trail(menu, route.name) ?? (route.parent ? trail(menu, route.parent) : null) ?? [];
  }, [menu, route]);
  const last = path.at(-1);
  const selected = last && !last.children?.length ? [last.path] : [];
  // A page that is itself a menu group (the student home) opens that group.
  const groups = last?.children?.length ? path : path.slice(0, -1);
  const openOfPage = groups.map((item) => item.path).join('|');
  const [openKeys, setOpenKeys] = useState<string[]>(() => (openOfPage ? openOfPage.split('|') : []));
  // Opening a page expands its group; groups the user opened stay open.
  useEffect(() => {
    if (!openOfPage) return;
    setOpenKeys((keys) => [...new Set([...keys, ...openOfPage.split('|')])]);
  }, [openOfPage]);

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      inlineCollapsed={collapsed}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      aria-label="主菜单"
    />
  );
}
