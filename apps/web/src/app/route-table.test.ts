import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MENU_TREE, menuForRole } from '@zikao/contract/menu';
import { Role } from '@zikao/contract/roles';
import { breadcrumbFor, matchRoute, pathFor } from './route-match.ts';
import { CACHED_ROUTE_NAMES, ROUTES } from './route-table.ts';

type Expect = [path: string, name: string, title: string | undefined, flags?: string];

// Seed section 2 with the Chinese titles; flags: h hidden, c cached, p public, n no layout.
const EXPECTED: Expect[] = [
  ['/annotate/topic/list', 'AnnotateTopicList', '批注选题', 'c'],
  ['/annotate/topic/review/:id', 'AnnotateTopicReview', '选题详情', 'h'],
  ['/annotate/topic/detail/:id', 'AnnotateTopicDetail', '查看选题批注', 'h'],
  ['/annotate/thesis/list', 'AnnotateThesisList', '批注论文', 'c'],
  ['/annotate/thesis/finally/list', 'AnnotateThesisFinallyList', '审阅定稿', 'c'],
  ['/annotate/thesis/reviews/:id', 'AnnotateThesisReviews', '论文详情'],
  ['/annotate/thesis/detail/:id', 'AnnotateThesisDetail', '论文详情'],
  ['/annotate/thesis/detail/:id', 'AnnotateThesisAnnotations', '查看论文批注'],
  ['/annotate/thesis/finally/:id', 'AnnotateThesisFinallyDraft', '论文定稿'],
  ['/annotate/thesis/finallyDetail/:id', 'AnnotateThesisFinallyDetail', '论文详情'],
  ['/annotate/thesisRetest/list', 'AnnotateThesisRetestList', '论文复试列表', 'c'],
  ['/annotate/thesisRetest/detail:id', 'AnnotateThesisRetestDetail', '复试论文详情'],
  ['/annotate/thesisRetest/:id', 'AnnotateThesisRetestReview', '复试论文详情'],
  ['/topicDetail/:id', 'TopicDetail', '查看选题批注', 'n'],
  ['/thesisPlan/list', 'ThesisPlanList', '论文计划', 'c'],
  ['/thesisPlan/review/:id', 'ThesisPlanReview', '论文计划详情', 'h'],
  ['/thesisPlan/detail/:id', 'ThesisPlanDetail', '查看论文计划批注', 'h'],
  ['/admin/topic/review/:id', 'adminTopicReview', '选题详情', 'pn'],
  ['/admin/thesis/review/:id', 'adminThesisReview', '论文详情', 'pn'],
  ['/admin/thesisRetest/review/:id', 'adminThesisRetestReview', '复试论文详情', 'pn'],
  ['/thesis/reviewsPrint/:id', 'ThesisReviewsPrint', '打印论文'],
  ['/thesis/finallyPrint/:id', 'ThesisFinallyPrint', '打印论文'],
  ['/thesis/reviewBasic/:id', 'ThesisReviewBasic', '论文信息表'],
  ['/thesis/finallyBasic/:id', 'ThesisFinallyBasic', '论文信息表'],
  ['/thesis/reviewsManual', 'ThesisReviewsManual', '使用手册'],
  ['/thesis/attachment/:id', 'ThesisAttachment', '论文附件'],
  ['/thesis/finallyAttachment/:id', 'ThesisFinallyAttachment', '论文附件'],
  ['/thesisRetest/reviewBasic/:id', 'ThesisRetestReviewBasic', '论文信息表'],
  ['/thesisRetest/reviewsPrint/:id', 'ThesisRetestReviewsPrint', '打印论文'],
  ['/thesisRetest/attachment/:id', 'ThesisRetestAttachment', '论文附件'],
  ['/version', 'Version', '版本信息', 'pn'],
  ['/history/topic', 'HistoryTopic', '查看选题', 'c'],
  ['/history/thesis', 'HistoryThesis', '查看论文', 'c'],
  ['/history/plan', 'HistoryPlan', '查看计划', 'c'],
  ['/history/review/:id', 'HistoryReview', '选题详情'],
  ['/history/detail/:id', 'HistoryDetail', '查看选题批注'],
  ['/data/index', 'DataIndex', '数据统计'],
  ['/classroom/list', 'ClassroomList', '直播课程', 'c'],
  ['/annotate/practice/list', 'AnnotatePracticeList', '批注练习', 'c'],
  ['/annotate/practice/review/:id', 'AnnotatePracticeReview', '论文详情', 'h'],
  ['/annotate/practice/detail/:id', 'AnnotatePracticeDetail', '论文详情', 'h'],
  ['/notice', 'Notice', '通知公告', 'h'],
  ['/board', 'Board', '直播课程', 'hpn'],
  ['/login', 'Login', '登录', 'hpn'],
  ['/account/password', 'ChangePassword', '修改密码', 'hn'],
];

const REDIRECTS: Array<[string, string]> = [
  ['/', '/annotate'],
  ['/annotate', '/annotate/topic'],
  ['/annotate/topic', '/annotate/topic/list'],
  ['/annotate/thesis', '/annotate/thesis/list'],
  ['/annotate/thesis/finally', '/annotate/thesis/finally/list'],
  ['/annotate/thesisRetest', '/annotate/thesisRetest/list'],
  ['/thesisPlan', '/thesisPlan/list'],
  ['/history', '/history/topic'],
  ['/data', '/data/index'],
  ['/classroom', '/classroom/list'],
  ['/annotate/practice', '/annotate/practice/list'],
];

describe('route table', () => {
  for (const [path, name, title, flags = ''] of EXPECTED) {
    it(`${path} is ${name} "${title}"`, () => {
      const route = ROUTES.find((item) => item.name === name);
      assert.ok(route, `missing ${name}`);
      assert.equal(route.path, path);
      assert.equal(route.title, title);
      assert.equal(Boolean(route.hidden), flags.includes('h'), 'hidden');
      assert.equal(Boolean(route.cached), flags.includes('c'), 'cached');
      assert.equal(Boolean(route.public), flags.includes('p'), 'public');
      assert.equal((route.layout ?? 'main') === 'none', flags.includes('n'), 'layout');
      assert.ok(route.screen, 'has a screen');
    });
  }

  for (const [from, to] of REDIRECTS) {
    it(`${from} redirects to ${to}`, () => {
      assert.equal(matchRoute(ROUTES, from)?.route.redirect, to);
    });
  }

  it('route names are unique and every menu name is a route', () => {
    const names = ROUTES.map((route) => route.name);
    assert.equal(new Set(names).size, names.length);
    const menuNames = (items: typeof MENU_TREE): string[] =>
      items.flatMap((item) => [item.name, ...menuNames(item.children ?? [])]);
    const groups = new Set(['Teaching']);
    for (const name of menuNames(MENU_TREE)) if (!groups.has(name)) assert.ok(names.includes(name), name);
  });

  it('the review-final-drafts list uses the parent layout when embedded', () => {
    assert.equal(ROUTES.find((route) => route.name === 'AnnotateThesisFinallyList')?.layout, 'parent-when-embedded');
  });

  it('keeps exactly the seed cached pages alive', () => {
    assert.deepEqual(
      [...CACHED_ROUTE_NAMES].sort(),
      [
        'AnnotatePracticeList',
        'AnnotateThesisFinallyList',
        'AnnotateThesisList',
        'AnnotateThesisRetestList',
        'AnnotateTopicList',
        'ClassroomList',
        'HistoryPlan',
        'HistoryThesis',
        'HistoryTopic',
        'ThesisPlanList',
      ].sort(),
    );
  });
});

describe('matching', () => {
  it('matches the retest detail with no slash before the id, beside /{id}', () => {
    const withPrefix = matchRoute(ROUTES, '/annotate/thesisRetest/detail42');
    assert.equal(withPrefix?.route.name, 'AnnotateThesisRetestDetail');
    assert.deepEqual(withPrefix?.params, { id: '42' });
    const plain = matchRoute(ROUTES, '/annotate/thesisRetest/42');
    assert.equal(plain?.route.name, 'AnnotateThesisRetestReview');
    assert.equal(matchRoute(ROUTES, '/annotate/thesisRetest/list')?.route.name, 'AnnotateThesisRetestList');
  });

  it('gives both readings of /annotate/thesis/detail/{id}', () => {
    assert.equal(matchRoute(ROUTES, '/annotate/thesis/detail/3')?.route.title, '论文详情');
    assert.equal(matchRoute(ROUTES, '/annotate/thesis/detail/3', '?view=annotations')?.route.title, '查看论文批注');
    assert.equal(pathFor(ROUTES, 'AnnotateThesisAnnotations', { id: 3 }), '/annotate/thesis/detail/3?view=annotations');
  });

  it('prefers static segments over parameters', () => {
    assert.equal(matchRoute(ROUTES, '/annotate/thesis/finally/list')?.route.name, 'AnnotateThesisFinallyList');
    assert.equal(matchRoute(ROUTES, '/annotate/thesis/finally/9')?.route.name, 'AnnotateThesisFinallyDraft');
  });

  it('falls through to the not-found page', () => {
    assert.equal(matchRoute(ROUTES, '/no/such/page')?.route.name, 'NotFound');
  });

  it('builds breadcrumbs from the server menu, and from the parent page for details', () => {
    const menu = menuForRole(Role.reviewer);
    const list = matchRoute(ROUTES, '/annotate/topic/list')?.route;
    const detail = matchRoute(ROUTES, '/annotate/topic/review/5')?.route;
    assert.ok(list && detail);
    assert.deepEqual(breadcrumbFor(ROUTES, menu, list), [{ title: '论文批注' }, { title: '批注选题' }]);
    assert.deepEqual(breadcrumbFor(ROUTES, menu, detail), [
      { title: '论文批注' },
      { title: '批注选题', path: '/annotate/topic/list' },
      { title: '选题详情' },
    ]);
  });
});
