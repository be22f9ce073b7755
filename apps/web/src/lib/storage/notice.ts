import { prefixed, SIGN_IN_NOTICE as NAME } from './keys';
import { browserStorage } from './local';

const SIGN_IN_NOTICE = prefixed(NAME);

/**
 * The sign-in screens are another page (auth.html): a message the app shows on its way there (e.g.
 * "Session expired!") crosses the page load in session storage and is shown once by the sign-in page. Clearing
 * the storage on logout keeps it: the logout that goes with it may finish after the message was left.
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
