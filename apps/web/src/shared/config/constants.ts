// The specification's business constants (seed sections 5, 8 and 9), in one place.

export const SITE_TITLE = '自考在线';

/** Request timeout (seed 9). */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Message toasts: default type info, 3000 ms, 16 px from the top (seed 9). */
export const TOAST_DEFAULTS = { type: 'info', durationMs: 3000, offsetPx: 16 } as const;

/** Base stacking order for popups (seed 9). */
export const Z_INDEX_BASE = 2000;

/** Badge counts above this show as "99+" (seed 9). */
export const BADGE_MAX = 99;

/** Navigation progress bar (seed 9). */
export const NPROGRESS_OPTIONS = { minimum: 0.08, speed: 200, trickleSpeed: 800, showSpinner: false } as const;

/** Default date format, yyyy-MM-dd in the seed's notation (seed 9). */
export const DATE_FORMAT = 'YYYY-MM-DD';

/** A prompt dialog's invalid-input text (seed 5). */
export const INVALID_INPUT_TEXT = '输入的数据不合法!';

/** Shown when a request got no response at all (seed 8). */
export const NETWORK_ERROR_TEXT = '网络连接异常，请稍后再试';

/** Shown after an export download (seed 7). */
export const EXPORT_SUCCESS_TEXT = '导出成功';

/** Seconds between two SMS codes for one phone (architecture: 1 per 60 s). */
export const SMS_COOLDOWN_SECONDS = 60;

/** Below this viewport width the sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT_PX = 992;
