import { LoginScreen } from './login-screen.tsx';

export default function TeacherLoginScreen() {
  return <LoginScreen side="teacher" />;
}
