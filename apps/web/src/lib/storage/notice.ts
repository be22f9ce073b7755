import { prefixed } from './keys';
import { browserStorage } from './local';

/** Session-storage name of a message that the signed-in app leaves for the sign-in page. */
const SIGN_IN_NOTICE = prefixed('sign_in_notice');

/**
 * The sign-in screens are another page (auth.html): a message the app shows on its way there (e.g.
 * "Session expired!") crosses the page load in session storage and is shown once by the sign-in page.
 */
export function setSignInNotice(text: string): void {
  try {
    browserStorage('session')?.setItem(SIGN_IN_NOTICE, text);
  } catch {
    // Storage disabled: the message is lost, the redirect still happens.
  }
}

/** The message left for the sign-in page, removed as it is read (null when there is none). */
export function takeSignInNotice(): string | null {
  const storage = browserStorage('session');
  const text = storage?.getItem(SIGN_IN_NOTICE) ?? null;
  storage?.removeItem(SIGN_IN_NOTICE);
  return text;
}
