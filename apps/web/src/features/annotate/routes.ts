import type { RouteDef } from '../../shared/routing/route-def.ts';

const lists = () => import('./components/list-screens.tsx');
const details = () => import('./components/detail-screens.tsx');

/** The annotation area of seed section 2. */
export const annotateRoutes: RouteDef[] = [
  { path: '/', name: 'Root', redirect: '/annotate' },
  { path: '/annotate', name: 'Annotate', title: '论文批注', redirect: '/annotate/topic' },
  { path: '/annotate/topic', name: 'AnnotateTopic', title: '批注选题', redirect: '/annotate/topic/list' },
  {
    path: '/annotate/topic/list',
    name: 'AnnotateTopicList',
    title: '批注选题',
    cached: true,
    screen: () => lists().then((m) => ({ default: m.TopicListScreen })),
  },
  {
    path: '/annotate/topic/review/:id',
    name: 'AnnotateTopicReview',
    title: '选题详情',
    hidden: true,
    parent: 'AnnotateTopicList',
    screen: () => details().then((m) => ({ default: m.TopicReviewScreen })),
  },
  {
    path: '/annotate/topic/detail/:id',
    name: 'AnnotateTopicDetail',
    title: '查看选题批注',
    hidden: true,
    parent: 'AnnotateTopicList',
    screen: () => details().then((m) => ({ default: m.TopicAnnotationsScreen })),
  },
  { path: '/annotate/thesis', name: 'AnnotateThesis', title: '批注论文', redirect: '/annotate/thesis/list' },
  {
    path: '/annotate/thesis/list',
    name: 'AnnotateThesisList',
    title: '批注论文',
    cached: true,
    screen: () => lists().then((m) => ({ default: m.ThesisListScreen })),
  },
  {
    path: '/annotate/thesis/finally',
    name: 'AnnotateThesisFinally',
    title: '审阅定稿',
    layout: 'parent-when-embedded',
    redirect: '/annotate/thesis/finally/list',
  },
  {
    path: '/annotate/thesis/finally/list',
    name: 'AnnotateThesisFinallyList',
    title: '审阅定稿',
    cached: true,
    layout: 'parent-when-embedded',
    screen: () => lists().then((m) => ({ default: m.FinallyListScreen })),
  },
  {
    path: '/annotate/thesis/reviews/:id',
    name: 'AnnotateThesisReviews',
    title: '论文详情',
    parent: 'AnnotateThesisList',
    screen: () => details().then((m) => ({ default: m.ThesisDetailScreen })),
  },
  // The seed registers this path twice: "thesis details" first, "view thesis annotations" second.
  {
    path: '/annotate/thesis/detail/:id',
    name: 'AnnotateThesisDetail',
    title: '论文详情',
    parent: 'AnnotateThesisList',
    screen: () => details().then((m) => ({ default: m.ThesisDetailScreen })),
  },
  {
    path: '/annotate/thesis/detail/:id',
    name: 'AnnotateThesisAnnotations',
    title: '查看论文批注',
    parent: 'AnnotateThesisList',
    reading: { key: 'view', value: 'annotations' },
    screen: () => details().then((m) => ({ default: m.ThesisDetailScreen })),
  },
  {
    path: '/annotate/thesis/finally/:id',
    name: 'AnnotateThesisFinallyDraft',
    title: '论文定稿',
    parent: 'AnnotateThesisFinallyList',
    screen: () => details().then((m) => ({ default: m.FinallyDraftScreen })),
  },
  {
    path: '/annotate/thesis/finallyDetail/:id',
    name: 'AnnotateThesisFinallyDetail',
    title: '论文详情',
    parent: 'AnnotateThesisFinallyList',
    screen: () => details().then((m) => ({ default: m.ThesisDetailScreen })),
  },
  {
    path: '/annotate/thesisRetest',
    name: 'AnnotateThesisRetest',
    title: '论文复试列表',
    redirect: '/annotate/thesisRetest/list',
  },
  {
    path: '/annotate/thesisRetest/list',
    name: 'AnnotateThesisRetestList',
    title: '论文复试列表',
    cached: true,
    screen: () => lists().then((m) => ({ default: m.RetestListScreen })),
  },
  // No slash before the parameter, exactly as the seed has it.
  {
    path: '/annotate/thesisRetest/detail:id',
    name: 'AnnotateThesisRetestDetail',
    title: '复试论文详情',
    parent: 'AnnotateThesisRetestList',
    screen: () => details().then((m) => ({ default: m.RetestDetailScreen })),
  },
  {
    path: '/annotate/thesisRetest/:id',
    name: 'AnnotateThesisRetestReview',
    title: '复试论文详情',
    parent: 'AnnotateThesisRetestList',
    screen: () => details().then((m) => ({ default: m.RetestDetailScreen })),
  },
  {
    path: '/topicDetail/:id',
    name: 'TopicDetail',
    title: '查看选题批注',
    layout: 'none',
    screen: () => details().then((m) => ({ default: m.TopicAnnotationsScreen })),
  },
  { path: '/thesisPlan', name: 'ThesisPlan', title: '论文计划', redirect: '/thesisPlan/list' },
  {
    path: '/thesisPlan/list',
    name: 'ThesisPlanList',
    title: '论文计划',
    cached: true,
    screen: () => lists().then((m) => ({ default: m.PlanListScreen })),
  },
];
