import { SITE_TITLE } from '../config/constants.ts';

/** `{页面标题} - 自考在线`, or the site title alone when a page has none. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} - ${SITE_TITLE}` : SITE_TITLE;
}
