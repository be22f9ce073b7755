import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names without conflict resolution. The ui primitives use this instead of `cn` so that the
 * public auth screens do not ship tailwind-merge (~8 KB gzipped; /sign-in has a 100 KB budget). Pass
 * non-conflicting extra classes to them, or pick a `variant`/`size`. Kept out of lib/utils on purpose: a
 * module that imports tailwind-merge would bring it along.
 */
export const cx: (...inputs: ClassValue[]) => string = clsx;
