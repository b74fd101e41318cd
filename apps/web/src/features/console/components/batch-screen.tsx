import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function Screen() {
  return <PlaceholderPage description="批次的阶段窗口、上传次数、查重阈值、评语字数、盲审与评分细则。" />;
}
