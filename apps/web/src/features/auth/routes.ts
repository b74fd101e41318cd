import { CHANGE_PASSWORD_PATH, LOGIN_PATH, STUDENT_LOGIN_PATH } from '../../shared/routing/paths.ts';
import type { RouteDef } from '../../shared/routing/route-def.ts';

export const authRoutes: RouteDef[] = [
  {
    path: LOGIN_PATH,
    name: 'Login',
    title: '登录',
    hidden: true,
    public: true,
    layout: 'none',
    plain: true,
    screen: () => import('./components/teacher-login-screen.tsx'),
  },
  {
    path: STUDENT_LOGIN_PATH,
    name: 'StudentLogin',
    title: '登录',
    hidden: true,
    public: true,
    layout: 'none',
    plain: true,
    screen: () => import('./components/student-login-screen.tsx'),
  },
  {
    path: CHANGE_PASSWORD_PATH,
    name: 'ChangePassword',
    title: '修改密码',
    hidden: true,
    layout: 'none',
    screen: () => import('./components/change-password-screen.tsx'),
  },
];
