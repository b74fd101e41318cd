import { BarePage } from '../../../shared/components/bare-page.tsx';
import { ComingSoon } from '../../../shared/components/coming-soon.tsx';

export default function BoardScreen() {
  return (
    <BarePage>
      <h1 style={{ fontSize: 20 }}>直播课程看板</h1>
      <ComingSoon description="通过课程签名链接打开的课堂看板：课件、考生上传与考勤三个标签页，图片查看与缩放，上传进度，以及与主讲人翻页同步。" />
    </BarePage>
  );
}
