import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export default function ClassroomListScreen() {
  return (
    <PlaceholderPage description="直播课程列表：课程名称、主讲教师、时间安排、状态（未开始 / 直播中 / 已结束）、直播或回放链接与课件；教师可开始、结束课程并打开看板。" />
  );
}
