import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { useCurrentRoute } from '../routing/route-meta-context.ts';

/** Frame for pages outside the shared layout (version, board, review links, topic view). */
export function BarePage({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  const { route } = useCurrentRoute();
  return (
    <div className="bare-page">
      <header className="bare-topbar">
        <a className="brand" href="/">
          <img src="/favicon.svg" alt="" />
          自考在线
        </a>
        <nav aria-label="面包屑" style={{ flex: 1 }}>
          <Breadcrumb items={[{ title: '自考在线' }, { title: route?.title ?? '' }]} />
        </nav>
        {aside}
      </header>
      <main id="main-content" className="bare-content">
        {children}
      </main>
    </div>
  );
}
