import type { ReactNode } from 'react';
import { ComingSoon } from './coming-soon.tsx';
import { Page } from './page.tsx';

/** A real page for a screen that a later issue fills: title, the layout's breadcrumb, an honest empty state. */
export function PlaceholderPage({
  description,
  extra,
  actions,
}: {
  description: ReactNode;
  extra?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Page extra={extra}>
      <ComingSoon description={description}>{actions}</ComingSoon>
    </Page>
  );
}
