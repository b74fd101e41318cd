import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage description="导入考生，逐行校验后导入。" />;
}
