import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../shared/config/constants.ts';
import { useAppStore } from '../../shared/stores/app-store.ts';

/** Tracks the viewport: below 992 px the device is 'mobile' and the sidebar closes without animation. */
export function useDeviceDetection(): void {
  const setDevice = useAppStore((state) => state.setDevice);
  const closeSidebar = useAppStore((state) => state.closeSidebar);
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    const apply = () => {
      const mobile = query.matches;
      const wasMobile = useAppStore.getState().device === 'mobile';
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && !wasMobile) closeSidebar(true);
      if (!mobile && wasMobile) {
        // Back on a wide screen: restore the remembered desktop preference.
        const stored = JSON.parse(localStorage.getItem('zikao_app_preferences') ?? 'null') as {
          sidebar?: { opened?: boolean };
        } | null;
        useAppStore.setState({ sidebar: { opened: stored?.sidebar?.opened ?? true, withoutAnimation: true } });
      }
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [setDevice, closeSidebar]);
}
