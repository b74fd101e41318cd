import { SettingOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useAppStore } from '../../shared/stores/app-store.ts';

/** Layout preferences of the app state (seed 3): fixed header and sidebar logo. */
export function SettingsButton() {
  const fixedHeader = useAppStore((state) => state.fixedHeader);
  const sidebarLogo = useAppStore((state) => state.sidebarLogo);
  const setFixedHeader = useAppStore((state) => state.setFixedHeader);
  const setSidebarLogo = useAppStore((state) => state.setSidebarLogo);
  const fixedId = useId();
  const logoId = useId();
  const content = (
    <Space orientation="vertical" size="middle" style={{ minWidth: 200 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text id={fixedId}>固定顶栏</Typography.Text>
        <Switch checked={fixedHeader} onChange={setFixedHeader} aria-labelledby={fixedId} />
      </Space>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text id={logoId}>侧边栏标志</Typography.Text>
        <Switch checked={sidebarLogo} onChange={setSidebarLogo} aria-labelledby={logoId} />
      </Space>
    </Space>
  );
  return (
    <Popover content={content} title="界面设置" trigger="click" placement="bottomRight">
      <Button type="text" icon={<SettingOutlined />} aria-label="界面设置" />
    </Popover>
  );
}
