import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function NoticeScreen() {
  return <PlaceholderPage description="考办发布的通知公告，区分已读与未读；未读数量显示在顶栏的铃铛上。" />;
}
