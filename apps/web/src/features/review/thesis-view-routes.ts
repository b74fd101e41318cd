import type { RouteDef } from '../../shared/routing/route-def.ts';

const screens = () => import('./components/thesis-views/thesis-view-screens.tsx');
const print = () => screens().then((m) => ({ default: m.PrintScreen }));
const basic = () => screens().then((m) => ({ default: m.InformationSheetScreen }));
const attachments = () => screens().then((m) => ({ default: m.AttachmentsScreen }));

/** Printable and supporting views of seed section 2. */
export const thesisViewRoutes: RouteDef[] = [
  { path: '/thesis/reviewsPrint/:id', name: 'ThesisReviewsPrint', title: '打印论文', screen: print },
  { path: '/thesis/finallyPrint/:id', name: 'ThesisFinallyPrint', title: '打印论文', screen: print },
  { path: '/thesis/reviewBasic/:id', name: 'ThesisReviewBasic', title: '论文信息表', screen: basic },
  { path: '/thesis/finallyBasic/:id', name: 'ThesisFinallyBasic', title: '论文信息表', screen: basic },
  { path: '/thesis/attachment/:id', name: 'ThesisAttachment', title: '论文附件', screen: attachments },
  { path: '/thesis/finallyAttachment/:id', name: 'ThesisFinallyAttachment', title: '论文附件', screen: attachments },
  { path: '/thesisRetest/reviewBasic/:id', name: 'ThesisRetestReviewBasic', title: '论文信息表', screen: basic },
  { path: '/thesisRetest/reviewsPrint/:id', name: 'ThesisRetestReviewsPrint', title: '打印论文', screen: print },
  { path: '/thesisRetest/attachment/:id', name: 'ThesisRetestAttachment', title: '论文附件', screen: attachments },
];
