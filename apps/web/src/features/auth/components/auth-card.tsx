import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cx } from '@/lib/cx';

/** The card every auth screen sits in; its title is the page's h1. */
export function AuthCard({
  title,
  description,
  children,
  footer,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cx('w-full max-w-sm', className)}>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer ? (
        <CardFooter className="flex-col items-start gap-2 text-sm text-muted-foreground">{footer}</CardFooter>
      ) : null}
    </Card>
  );
}
