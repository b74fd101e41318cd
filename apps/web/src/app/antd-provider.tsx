import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { appTheme } from '../shared/config/theme.ts';

/** antd's locale, theme and button spacing, the same for the screens and the toasts. */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
