export { StudentCertificateScreen } from './certificate/student-certificate-screen.tsx';
export { StudentCourseScreen } from './course/student-course-screen.tsx';
export { StudentExamScreen } from './exam/student-exam-screen.tsx';
export { StudentThesisScreen } from './thesis/student-thesis-screen.tsx';
export { StudentTopicScreen } from './topic/student-topic-screen.tsx';
