import type { RouteDef } from '../../shared/routing/route-def.ts';

const screens = () => import('./components/history-screens.tsx');

/** History of seed section 2: what the reviewer has already reviewed. */
export const historyRoutes: RouteDef[] = [
  { path: '/history', name: 'History', title: '评阅历史', redirect: '/history/topic' },
  {
    path: '/history/topic',
    name: 'HistoryTopic',
    title: '查看选题',
    cached: true,
    screen: () => screens().then((m) => ({ default: m.HistoryTopicScreen })),
  },
  {
    path: '/history/review/:id',
    name: 'HistoryReview',
    title: '选题详情',
    parent: 'HistoryTopic',
    screen: () => screens().then((m) => ({ default: m.HistoryReviewScreen })),
  },
  {
    path: '/history/detail/:id',
    name: 'HistoryDetail',
    title: '查看选题批注',
    parent: 'HistoryTopic',
    screen: () => screens().then((m) => ({ default: m.HistoryDetailScreen })),
  },
  {
    path: '/history/thesis',
    name: 'HistoryThesis',
    title: '查看论文',
    cached: true,
    screen: () => screens().then((m) => ({ default: m.HistoryThesisScreen })),
  },
  {
    path: '/history/plan',
    name: 'HistoryPlan',
    title: '查看计划',
    cached: true,
    screen: () => screens().then((m) => ({ default: m.HistoryPlanScreen })),
  },
];
