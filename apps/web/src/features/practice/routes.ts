import type { RouteDef } from '../../shared/routing/route-def.ts';

const review = () => import('./components/practice-review-screen.tsx');

export const practiceRoutes: RouteDef[] = [
  {
    path: '/annotate/practice',
    name: 'AnnotatePractice',
    title: '批注练习',
    redirect: '/annotate/practice/list',
  },
  {
    path: '/annotate/practice/list',
    name: 'AnnotatePracticeList',
    title: '批注练习',
    cached: true,
    screen: () => import('./components/practice-list-screen.tsx'),
  },
  // Review and detail are the same screen (seed 2).
  {
    path: '/annotate/practice/review/:id',
    name: 'AnnotatePracticeReview',
    title: '论文详情',
    hidden: true,
    cached: false,
    parent: 'AnnotatePracticeList',
    screen: review,
    documentFirst: true,
  },
  {
    path: '/annotate/practice/detail/:id',
    name: 'AnnotatePracticeDetail',
    title: '论文详情',
    hidden: true,
    cached: false,
    parent: 'AnnotatePracticeList',
    screen: review,
    documentFirst: true,
  },
];
