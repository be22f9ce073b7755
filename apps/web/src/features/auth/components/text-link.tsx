import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** An inline link in auth screens (underlined, so it is told apart from text without colour). */
export function TextLink({ children, ...props }: LinkProps & { children: ReactNode }) {
  return (
    <Link {...props} className="font-medium text-foreground underline underline-offset-4 hover:text-primary">
      {children}
    </Link>
  );
}
