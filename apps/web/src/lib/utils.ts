import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names; later Tailwind utilities win over earlier conflicting ones (shadcn convention).
 * The ui primitives on the sign-in path use the lighter `cx` of lib/cx instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
