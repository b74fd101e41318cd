import { EMBEDDED_SIGNED_OUT_PATH } from '../../shared/routing/paths.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';

export const versionRoutes: RouteDef[] = [
  {
    path: '/version',
    name: 'Version',
    title: '版本信息',
    public: true,
    layout: 'none',
    screen: () => import('./components/version-screen.tsx'),
  },
  {
    // An embedded app whose session ended: a notice while the host signs the user in (issue 32 §1.8).
    path: EMBEDDED_SIGNED_OUT_PATH,
    name: 'EmbeddedSignedOut',
    title: '登录已过期',
    public: true,
    layout: 'none',
    screen: () => import('./components/embedded-signed-out-screen.tsx'),
  },
];
