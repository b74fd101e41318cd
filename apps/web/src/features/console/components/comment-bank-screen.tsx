import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage description="对所有评阅教师可用的公共评语。" />;
}
