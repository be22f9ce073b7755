import type { MouseEvent, ReactNode } from 'react';
import type { AuthScreenPath } from '@meridian/contract/screens';
import { goTo, screenHref } from '../navigation';

/**
 * An inline link to another auth screen (underlined, so it is told apart from text without colour). A plain
 * click moves in place; a modified click (new tab, window) is left to the browser.
 */
export function TextLink({
  to,
  search,
  children,
}: {
  to: AuthScreenPath;
  search?: { redirect?: string | undefined };
  children: ReactNode;
}) {
  const href = screenHref(to, search);
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    goTo(href);
  }
  return (
    <a
      href={href}
      onClick={onClick}
      className="font-medium text-foreground underline underline-offset-4 hover:text-primary"
    >
      {children}
    </a>
  );
}
