import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { NPROGRESS_OPTIONS } from '../shared/config/constants.ts';
import 'nprogress/nprogress.css';

// nprogress's default template gives the bar role="bar", which is not an ARIA role.
NProgress.configure({
  ...NPROGRESS_OPTIONS,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

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
