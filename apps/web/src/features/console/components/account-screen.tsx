import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage description="教师、评阅教师与管理员账号的创建、停用与重置密码。" />;
}
