import { toast } from '../feedback/toast.ts';
import { apiBase, askHostToNavigate, getHostContext } from '../host/host.ts';
import { currentAppPath, navigateTo } from '../navigation/navigator.ts';
import {
  CHANGE_PASSWORD_PATH,
  EMBEDDED_SIGNED_OUT_PATH,
  LOGIN_PATH,
  loginRedirect,
  STUDENT_LOGIN_PATH,
} from '../routing/paths.ts';
import { clearLocalSession } from '../session/local-session.ts';
import { useLinkRefusalStore } from '../stores/link-refusal-store.ts';
import { currentToken, useSessionStore } from '../stores/session-store.ts';
import { createRequestClient } from './client.ts';
import { saveBlob } from './save-file.ts';

/** The app's one request client. */
export const api = createRequestClient({
  baseUrl: apiBase,
  getToken: currentToken,
  pageQuery: () => Object.fromEntries(new URLSearchParams(window.location.search)),
  hooks: {
    notify: (kind, text) => toast(text, kind),
    onSessionExpired: () => {
      const loginPath = useSessionStore.getState().side === 'student' ? STUDENT_LOGIN_PATH : LOGIN_PATH;
      const from = currentAppPath();
      clearLocalSession();
      // Embedded, the host signs the user in again: tell it, and show no login of our own (issue 32 §1.8).
      if (getHostContext().embedded) {
        askHostToNavigate(LOGIN_PATH);
        navigateTo(EMBEDDED_SIGNED_OUT_PATH, true);
        return;
      }
      navigateTo(loginRedirect(from, loginPath), true);
    },
    onMustChangePassword: () => navigateTo(CHANGE_PASSWORD_PATH, true),
    onLinkRefused: (message) => useLinkRefusalStore.getState().refuse(message),
    saveFile: saveBlob,
  },
});
