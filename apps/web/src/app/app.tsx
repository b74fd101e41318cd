import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { TOAST_DEFAULTS } from '../shared/config/constants.ts';
import { appTheme } from '../shared/config/theme.ts';
import { bindToast } from '../shared/feedback/toast.ts';
import { queryClient } from './query-client.ts';
import type { AppRouter } from './router.tsx';
import './app.css';
// The motion every dialog and popup uses, loaded with the app so no screen opens one unstyled (adr/008).
import '../shared/components/steady-dialogs.css';

/** antd's message hook, bound for non-React callers; lighter than antd's App, which also pulls in Modal. */
function ToastHost() {
  const [api, holder] = message.useMessage({
    top: TOAST_DEFAULTS.offsetPx,
    duration: TOAST_DEFAULTS.durationMs / 1000,
    maxCount: 3,
  });
  useEffect(() => bindToast(api), [api]);
  return holder;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
