import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage description="CSV" />;
}
