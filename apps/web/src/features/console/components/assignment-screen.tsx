import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage description="手动或按专业与负载自动分配评阅。" />;
}
