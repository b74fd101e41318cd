import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AntdProvider } from './antd-provider.tsx';
import { queryClient } from './query-client.ts';

/**
 * The providers every screen but the sign-in pages needs (antd, TanStack Query). A lazy route
 * of its own, so /login does not load them (adr/025); it loads beside the first screen's chunk.
 */
export function ProvidersShell() {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <Outlet />
      </QueryClientProvider>
    </AntdProvider>
  );
}
