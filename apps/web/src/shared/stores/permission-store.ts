import type { MenuItem } from '@zikao/contract/auth';
import { create } from 'zustand';

/** Permission state of seed section 3: the generated routes (the server menu) and the role. */
interface PermissionState {
  roles: number;
  routes: MenuItem[];
  generated: boolean;
  setRoles(roles: number): void;
  setRoutes(routes: MenuItem[]): void;
  reset(): void;
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  roles: 0,
  routes: [],
  generated: false,
  setRoles: (roles) => set({ roles }),
  setRoutes: (routes) => set({ routes, generated: true }),
  reset: () => set({ roles: 0, routes: [], generated: false }),
}));
