import { toast } from '../../../shared/feedback/toast.ts';
import { homeApi } from '../api/home-api.ts';

/**
 * 打开板书: the presenter's board in a new tab, as the course list opens it. The tab is opened
 * within the click (a popup blocker allows that) and sent to the signed link once it is made.
 */
export async function openPresenterBoard(courseId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const link = await homeApi.boardLink(courseId, 'presenter');
    const address = new URL(link.url, window.location.origin).toString();
    if (tab) {
      tab.opener = null;
      tab.location.href = address;
    } else {
      window.location.assign(address);
    }
  } catch (error) {
    tab?.close();
    toast(`板书链接生成失败：${error instanceof Error && error.message ? error.message : '请稍后重试'}`, 'error');
  }
}
