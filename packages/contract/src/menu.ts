import type { MenuItem } from './auth.ts';
import { Role } from './roles.ts';

interface MenuNode extends MenuItem {
  /** Roles that see this node; children inherit the parent's list unless they set their own. */
  roles?: readonly Role[];
  children?: MenuNode[];
}

const REVIEWERS: readonly Role[] = [Role.reviewer, Role.admin];
const TEACHERS: readonly Role[] = [Role.teacher, Role.reviewer, Role.admin];

/**
 * The whole server-driven menu. Names are route names the web app registers; the server
 * hands each role its part through /auth/v1/menu/list.
 */
export const MENU_TREE: readonly MenuNode[] = [
  /** 首页 of every staff role (issue 21 §3); the candidate's home is /student. */
  { path: '/home', name: 'Home', title: '首页', icon: 'home', roles: TEACHERS },
  {
    path: '/annotate',
    name: 'Annotate',
    title: '论文批注',
    icon: 'edit',
    roles: REVIEWERS,
    children: [
      { path: '/annotate/topic/list', name: 'AnnotateTopicList', title: '批注选题', icon: 'bulb' },
      { path: '/annotate/thesis/list', name: 'AnnotateThesisList', title: '批注论文', icon: 'file-text' },
      { path: '/annotate/thesis/finally/list', name: 'AnnotateThesisFinallyList', title: '审阅定稿', icon: 'audit' },
      { path: '/annotate/thesisRetest/list', name: 'AnnotateThesisRetestList', title: '论文复试列表', icon: 'reload' },
    ],
  },
  { path: '/thesisPlan/list', name: 'ThesisPlanList', title: '论文计划', icon: 'schedule', roles: REVIEWERS },
  {
    path: '/history',
    name: 'History',
    title: '评阅历史',
    icon: 'history',
    roles: REVIEWERS,
    children: [
      { path: '/history/topic', name: 'HistoryTopic', title: '查看选题', icon: 'bulb' },
      { path: '/history/thesis', name: 'HistoryThesis', title: '查看论文', icon: 'file-text' },
      { path: '/history/plan', name: 'HistoryPlan', title: '查看计划', icon: 'schedule' },
    ],
  },
  { path: '/data/index', name: 'DataIndex', title: '数据统计', icon: 'bar-chart', roles: REVIEWERS },
  /** 使用手册 (issue 16 §3): the reviewers' and admins' handbook. */
  {
    path: '/thesis/reviewsManual',
    name: 'ThesisReviewsManual',
    title: '使用手册',
    icon: 'question-circle',
    roles: REVIEWERS,
  },
  {
    path: '/teaching',
    name: 'Teaching',
    title: '教学中心',
    icon: 'read',
    roles: TEACHERS,
    children: [
      { path: '/classroom/list', name: 'ClassroomList', title: '直播课程', icon: 'video-camera' },
      { path: '/annotate/practice/list', name: 'AnnotatePracticeList', title: '批注练习', icon: 'form' },
      { path: '/notice', name: 'Notice', title: '通知公告', icon: 'notification', hidden: true },
    ],
  },
  {
    path: '/console',
    name: 'Console',
    title: '管理控制台',
    icon: 'setting',
    roles: [Role.admin],
    children: [
      { path: '/console/batch', name: 'ConsoleBatch', title: '批次管理', icon: 'calendar' },
      { path: '/console/account', name: 'ConsoleAccount', title: '账号管理', icon: 'team' },
      { path: '/console/import', name: 'ConsoleImport', title: '考生导入', icon: 'upload' },
      { path: '/console/assignment', name: 'ConsoleAssignment', title: '评阅分配', icon: 'deployment-unit' },
      { path: '/console/review-link', name: 'ConsoleReviewLink', title: '评阅链接', icon: 'audit' },
      { path: '/console/course', name: 'ConsoleCourse', title: '课程管理', icon: 'video-camera' },
      { path: '/console/practice', name: 'ConsolePractice', title: '练习论文', icon: 'form' },
      { path: '/console/comment-bank', name: 'ConsoleCommentBank', title: '公共评语库', icon: 'message' },
      { path: '/console/audit', name: 'ConsoleAudit', title: '审计日志', icon: 'file-search' },
    ],
  },
  {
    path: '/student',
    name: 'Student',
    title: '考生中心',
    icon: 'user',
    roles: [Role.student],
    children: [
      { path: '/student/thesis', name: 'StudentThesis', title: '我的论文', icon: 'file-text' },
      { path: '/student/topic', name: 'StudentTopic', title: '我的选题', icon: 'bulb' },
      { path: '/student/course', name: 'StudentCourse', title: '课程', icon: 'video-camera' },
      { path: '/student/exam', name: 'StudentExam', title: '考试', icon: 'profile' },
      { path: '/student/certificate', name: 'StudentCertificate', title: '证书', icon: 'safety-certificate' },
      { path: '/student/notice', name: 'StudentNotice', title: '通知公告', icon: 'notification', hidden: true },
    ],
  },
];

function pick(nodes: readonly MenuNode[], role: Role, inherited: readonly Role[] | undefined): MenuItem[] {
  const items: MenuItem[] = [];
  for (const node of nodes) {
    const roles = node.roles ?? inherited;
    if (!roles?.includes(role)) continue;
    const { roles: _roles, children, ...item } = node;
    const picked: MenuItem = { ...item, hidden: item.hidden ?? false };
    if (children) picked.children = pick(children, role, roles);
    items.push(picked);
  }
  return items;
}

/** The menu tree one role sees; empty for role 0. */
export function menuForRole(role: Role): MenuItem[] {
  return pick(MENU_TREE, role, undefined);
}
