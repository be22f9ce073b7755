import { prefixed, type StorageName } from './keys';

/** localStorage, or null where the browser refuses it (privacy modes, sandboxed frames). */
export function browserStorage(kind: 'local' | 'session' = 'local'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function getItem(name: StorageName): string | null {
  return browserStorage()?.getItem(prefixed(name)) ?? null;
}

export function setItem(name: StorageName, value: string): void {
  try {
    browserStorage()?.setItem(prefixed(name), value);
  } catch {
    // Quota exceeded or storage disabled: the app keeps working from memory.
  }
}

export function removeItem(name: StorageName): void {
  browserStorage()?.removeItem(prefixed(name));
}
