import type { RouteDef } from '../../shared/routing/route-def.ts';

/** The reviewer's own documents and the workspace on one of them. */
export const documentRoutes: RouteDef[] = [
  {
    path: '/document/list',
    name: 'DocumentList',
    title: '我的文档',
    hidden: true,
    screen: () => import('./components/document-list-screen.tsx'),
  },
  {
    path: '/document/:id',
    name: 'DocumentWorkspace',
    title: '文档批注',
    hidden: true,
    parent: 'DocumentList',
    documentFirst: true,
    screen: () => {
      // pdf.js, its worker and the workspace load while the screen's own code does; when the
      // address was opened directly, the document's first bytes are asked for too (adr/024).
      const opened = Number(/\/document\/(\d+)$/.exec(window.location.pathname)?.[1]);
      void import('../../workspace/document-prefetch.ts').then((prefetch) => prefetch.warmUpDocument(opened));
      return import('./components/document-workspace-screen.tsx');
    },
  },
];
