import { Page } from '../../../shared/components/page.tsx';
import { NoticeList } from './notice-list.tsx';

/** The candidate's notices: the exam board's announcements to candidates and their own review notices. */
export function StudentNoticeScreen() {
  return (
    <Page>
      <NoticeList />
    </Page>
  );
}
