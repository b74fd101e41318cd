import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import 'dayjs/locale/zh-cn';
import { TOAST_DEFAULTS } from '../shared/config/constants.ts';
import { appTheme } from '../shared/config/theme.ts';
import { bindToast } from '../shared/feedback/toast.ts';
import { queryClient } from './query-client.ts';
import type { AppRouter } from './router.tsx';
import './app.css';

dayjs.locale('zh-cn');

function ToastBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => bindToast(message), [message]);
  return null;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      <AntApp
        message={{ top: TOAST_DEFAULTS.offsetPx, duration: TOAST_DEFAULTS.durationMs / 1000, maxCount: 3 }}
        className="app-root"
      >
        <ToastBinder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
