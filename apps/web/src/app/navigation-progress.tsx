import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { NPROGRESS_OPTIONS } from '../shared/config/constants.ts';
import 'nprogress/nprogress.css';

NProgress.configure(NPROGRESS_OPTIONS);

/** The top progress bar, driven by the router's navigation state (guard, lazy screens). */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);
  useEffect(() => () => void NProgress.done(), []);
  return null;
}
