import { STUDENT_HOME_PATH } from '../../shared/routing/paths.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';

const screens = () => import('./components/student-screens.tsx');

/** The student side: a home with the candidate's menu; its screens come in a later issue. */
export const studentRoutes: RouteDef[] = [
  {
    path: STUDENT_HOME_PATH,
    name: 'Student',
    title: '考生中心',
    screen: () => import('./components/student-home-screen.tsx'),
  },
  {
    path: '/student/thesis',
    name: 'StudentThesis',
    title: '我的论文',
    screen: () => screens().then((m) => ({ default: m.StudentThesisScreen })),
  },
  {
    path: '/student/thesis/review/:id',
    name: 'StudentThesisReview',
    title: '评阅结果',
    hidden: true,
    parent: 'StudentThesis',
    screen: () => import('./components/thesis/student-review-screen.tsx'),
  },
  {
    path: '/student/topic',
    name: 'StudentTopic',
    title: '我的选题',
    screen: () => screens().then((m) => ({ default: m.StudentTopicScreen })),
  },
  {
    path: '/student/course',
    name: 'StudentCourse',
    title: '课程',
    screen: () => screens().then((m) => ({ default: m.StudentCourseScreen })),
  },
  {
    path: '/student/exam',
    name: 'StudentExam',
    title: '考试',
    screen: () => screens().then((m) => ({ default: m.StudentExamScreen })),
  },
  {
    path: '/student/certificate',
    name: 'StudentCertificate',
    title: '证书',
    screen: () => screens().then((m) => ({ default: m.StudentCertificateScreen })),
  },
];
