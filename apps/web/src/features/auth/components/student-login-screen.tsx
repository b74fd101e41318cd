import { LoginScreen } from './login-screen.tsx';

export default function StudentLoginScreen() {
  return <LoginScreen side="student" />;
}
