import type { ReactNode } from 'react';
import { useCurrentRoute } from '../routing/route-meta-context.ts';

/** A screen's frame: its title as the page heading (from the route meta unless given), actions, body. */
export function Page({ title, extra, children }: { title?: string; extra?: ReactNode; children: ReactNode }) {
  const { route } = useCurrentRoute();
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="page-heading">
        <h1 id="page-title">{title ?? route?.title}</h1>
        {extra}
      </div>
      {children}
    </section>
  );
}
