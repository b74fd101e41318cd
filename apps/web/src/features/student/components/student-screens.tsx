import { PlaceholderPage } from '../../../shared/components/placeholder-page.tsx';

export function StudentThesisScreen() {
  return (
    <PlaceholderPage description="论文各阶段的时间线与截止日期，在上传次数内提交和重新提交，查看结论、成绩、评语与批注并回复。" />
  );
}

export function StudentTopicScreen() {
  return <PlaceholderPage description="填写并提交选题（题目、立题依据、提纲、参考文献），查看选题评阅意见。" />;
}

export { StudentCertificateScreen } from './certificate/student-certificate-screen.tsx';
export { StudentCourseScreen } from './course/student-course-screen.tsx';
export { StudentExamScreen } from './exam/student-exam-screen.tsx';

export { StudentNoticeScreen } from './notice/student-notice-screen.tsx';
