import type { RouteDef } from '../../shared/routing/route-def.ts';

const screens = () => import('./components/admin-review/admin-review-screens.tsx');

/** The three admin review pages: open without login, reached through a signed review link. */
export const adminReviewRoutes: RouteDef[] = [
  {
    path: '/admin/topic/review/:id',
    name: 'adminTopicReview',
    title: '选题详情',
    public: true,
    layout: 'none',
    screen: () => screens().then((m) => ({ default: m.AdminTopicReviewScreen })),
  },
  {
    path: '/admin/thesis/review/:id',
    name: 'adminThesisReview',
    title: '论文详情',
    public: true,
    layout: 'none',
    screen: () => screens().then((m) => ({ default: m.AdminThesisReviewScreen })),
  },
  {
    path: '/admin/thesisRetest/review/:id',
    name: 'adminThesisRetestReview',
    title: '复试论文详情',
    public: true,
    layout: 'none',
    screen: () => screens().then((m) => ({ default: m.AdminRetestReviewScreen })),
  },
];
