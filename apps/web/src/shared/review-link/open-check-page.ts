import { toast } from '../feedback/toast.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { absoluteLinkUrl, reusableCheckLink } from './link-url.ts';
import { reviewLinkApi } from './review-link-api.ts';

/** A 复核 link an admin makes for themself lasts a day: long enough to check, short if it leaks. */
const CHECK_LINK_DAYS = 1;

/**
 * 复核 from a list: opens the submission's check page (an admin review page, adr/011) in a new tab
 * through a short-lived link of the admin's own, made now or reused. The tab is opened at once,
 * inside the click, so no popup blocker takes it; it is sent to the page once the link is known.
 */
export async function openCheckPage(submissionId: number): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const name = useSessionStore.getState().name;
    const active = await reviewLinkApi.list({ page: 1, pageSize: 50, submissionId, status: 'active' });
    const reused = reusableCheckLink(active.list, submissionId, name, Date.now(), CHECK_LINK_DAYS);
    const url =
      reused?.url ??
      (
        await reviewLinkApi.create({
          submissionId,
          purpose: 'check',
          expiresInDays: CHECK_LINK_DAYS,
          label: name || undefined,
        })
      ).url;
    const address = absoluteLinkUrl(url, window.location.origin);
    if (tab) tab.location.href = address;
    else {
      // Blocked anyway: this tab goes instead.
      toast('浏览器阻止了新窗口，将在当前页打开复核页面', 'warning');
      window.location.assign(address);
    }
  } catch {
    // The request client has said why; the blank tab must not stay behind.
    tab?.close();
  }
}
