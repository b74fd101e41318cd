import type { ReactNode } from 'react';
import { useCurrentRoute } from '../routing/route-meta-context.ts';

/**
 * A screen's frame: its title as the page heading (from the route meta unless given), actions, body.
 * `compact`: the heading is kept for screen readers but takes no room (the breadcrumb shows the
 * title): a document screen gives the height to the document and puts its actions in its own header.
 */
export function Page({
  title,
  extra,
  compact,
  children,
}: {
  title?: string;
  extra?: ReactNode;
  compact?: boolean;
  children: ReactNode;
}) {
  const { route } = useCurrentRoute();
  return (
    <section className={`page${compact ? ' page-compact' : ''}`} aria-labelledby="page-title">
      <div className={compact ? 'page-heading sr-only' : 'page-heading'}>
        <h1 id="page-title">{title ?? route?.title}</h1>
        {extra}
      </div>
      {children}
    </section>
  );
}
