import { message } from 'antd';
import { useEffect } from 'react';
import { TOAST_DEFAULTS } from '../shared/config/constants.ts';
import { bindToast } from '../shared/feedback/toast.ts';
import { AntdProvider } from './antd-provider.tsx';

/** antd's message hook, bound for non-React callers; lighter than antd's App, which also pulls in Modal. */
function MessageBinder() {
  const [api, holder] = message.useMessage({
    top: TOAST_DEFAULTS.offsetPx,
    duration: TOAST_DEFAULTS.durationMs / 1000,
    maxCount: 3,
  });
  useEffect(() => bindToast(api), [api]);
  return holder;
}

/** The toasts' own antd context: this host renders beside the router, not inside a screen. */
export default function ToastHost() {
  return (
    <AntdProvider>
      <MessageBinder />
    </AntdProvider>
  );
}
