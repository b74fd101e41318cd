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
      // pdf.js and its worker load while the screen's own code does.
      void import('../../workspace/pdf-loader.ts').then((loader) => loader.warmUpPdfJs());
      return import('./components/document-workspace-screen.tsx');
    },
  },
];
