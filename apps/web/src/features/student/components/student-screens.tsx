import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export function StudentThesisScreen() {
  return (
    <PlaceholderPage description="论文各阶段的时间线与截止日期，在上传次数内提交和重新提交，查看结论、成绩、评语与批注并回复。" />
  );
}

export function StudentTopicScreen() {
  return <PlaceholderPage description="填写并提交选题（题目、立题依据、提纲、参考文献），查看选题评阅意见。" />;
}

export function StudentCourseScreen() {
  return <PlaceholderPage description="可参加的直播课程与回放。" />;
}

export function StudentExamScreen() {
  return <PlaceholderPage description="考试安排与成绩，只读查看。" />;
}

export function StudentCertificateScreen() {
  return <PlaceholderPage description="毕业与证书办理状态，只读查看。" />;
}

export function StudentNoticeScreen() {
  return <PlaceholderPage description="考办发布给考生的通知公告。" />;
}
