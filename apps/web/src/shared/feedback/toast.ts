import type { MessageInstance } from 'antd/es/message/interface';
import { TOAST_DEFAULTS } from '../config/constants.ts';

type ToastKind = 'info' | 'success' | 'warning' | 'error';

let instance: MessageInstance | null = null;
const queued: Array<[string, ToastKind]> = [];

/** The app binds antd's message API (from App.useApp) once it renders. */
export function bindToast(api: MessageInstance): void {
  instance = api;
  for (const [text, kind] of queued.splice(0)) show(text, kind);
}

function show(text: string, kind: ToastKind): void {
  instance?.open({ type: kind, content: text, duration: TOAST_DEFAULTS.durationMs / 1000 });
}

/** A toast with the seed's defaults: type info, 3000 ms, 16 px from the top. */
export function toast(text: string, kind: ToastKind = TOAST_DEFAULTS.type): void {
  if (instance) show(text, kind);
  else queued.push([text, kind]);
}
