import { toast } from '../../../../shared/feedback/toast.ts';
import { courseApi } from '../../api/course-api.ts';

const failure = (error: unknown) => (error instanceof Error && error.message ? error.message : '请稍后重试');

/**
 * 打开板书: the presenter's board in a new tab. The tab is opened within the click (a popup
 * blocker allows that) and sent to the signed link once the server has made it.
 */
export async function openPresenterBoard(courseId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const link = await courseApi.boardLink(courseId, 'presenter');
    const address = new URL(link.url, window.location.origin).toString();
    if (tab) {
      tab.opener = null;
      tab.location.href = address;
    } else {
      // Blocked after all: open it here rather than not at all.
      window.location.assign(address);
    }
  } catch (error) {
    tab?.close();
    toast(`板书链接生成失败：${failure(error)}`, 'error');
  }
}

/** The viewer (学员) link's full address, to copy and send. */
export async function viewerLink(courseId: number): Promise<{ address: string; expiresAt: number } | null> {
  try {
    const link = await courseApi.boardLink(courseId, 'viewer');
    return { address: new URL(link.url, window.location.origin).toString(), expiresAt: link.expiresAt };
  } catch (error) {
    toast(`学员链接生成失败：${failure(error)}`, 'error');
    return null;
  }
}

/** Puts text on the clipboard; false where the browser refuses. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
