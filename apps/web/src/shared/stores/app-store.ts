import { create } from 'zustand';

export type Device = 'desktop' | 'mobile';

interface AppPreferences {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** App state of seed section 3. Preferences persist in localStorage; needInclude lives per page load. */
interface AppState extends AppPreferences {
  device: Device;
  /** Names of the cached (kept-alive) pages that have been opened. */
  needInclude: string[];
  toggleSidebar(): void;
  closeSidebar(withoutAnimation: boolean): void;
  setDevice(device: Device): void;
  setFixedHeader(value: boolean): void;
  setSidebarLogo(value: boolean): void;
  include(name: string): void;
  resetIncludes(): void;
}

const PREFERENCES_KEY = 'zikao_app_preferences';

/** The stored preferences, or the defaults: what a page load starts from. */
export function loadPreferences(): AppPreferences {
  const defaults: AppPreferences = {
    sidebar: { opened: true, withoutAnimation: false },
    fixedHeader: true,
    sidebarLogo: true,
  };
  try {
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null') as Partial<AppPreferences> | null;
    return { ...defaults, ...stored, sidebar: { ...defaults.sidebar, ...stored?.sidebar } };
  } catch {
    return defaults;
  }
}

export const useAppStore = create<AppState>()((set) => ({
  ...loadPreferences(),
  device: 'desktop',
  needInclude: [],
  toggleSidebar: () => set((state) => ({ sidebar: { opened: !state.sidebar.opened, withoutAnimation: false } })),
  closeSidebar: (withoutAnimation) => set({ sidebar: { opened: false, withoutAnimation } }),
  setDevice: (device) => set({ device }),
  setFixedHeader: (fixedHeader) => set({ fixedHeader }),
  setSidebarLogo: (sidebarLogo) => set({ sidebarLogo }),
  include: (name) =>
    set((state) => (state.needInclude.includes(name) ? state : { needInclude: [...state.needInclude, name] })),
  resetIncludes: () => set({ needInclude: [] }),
}));

useAppStore.subscribe((state, previous) => {
  // The drawer on small screens closes itself; that is not the user's desktop preference.
  if (state.device === 'mobile') return;
  if (
    state.sidebar === previous.sidebar &&
    state.fixedHeader === previous.fixedHeader &&
    state.sidebarLogo === previous.sidebarLogo
  )
    return;
  const preferences: AppPreferences = {
    sidebar: { opened: state.sidebar.opened, withoutAnimation: false },
    fixedHeader: state.fixedHeader,
    sidebarLogo: state.sidebarLogo,
  };
  localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
});
