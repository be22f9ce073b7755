import { useEffect, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { LucideIcon } from 'lucide-react';
import { cx } from '@/lib/cx';
import type { NavUrl } from './nav-config';

export interface Crumb {
  label: string;
  to?: NavUrl;
}

/** The frame of every signed-in page: breadcrumb, title (also the document title), one-line description, body. */
export function PageFrame({
  title,
  description,
  breadcrumb = [],
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  breadcrumb?: Crumb[];
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  useEffect(() => {
    document.title = `${title} · Meridian`;
  }, [title]);
  return (
    <div className={cx('mx-auto flex w-full max-w-6xl flex-col gap-6', className)}>
      <div className="flex flex-col gap-2">
        {breadcrumb.length > 0 && (
          <nav aria-label="Breadcrumb">
            <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
              {breadcrumb.map((crumb, i) => (
                <li key={`${crumb.label}-${i}`} className="flex items-center gap-1">
                  {i > 0 && <ChevronRight className="size-3.5" aria-hidden />}
                  {crumb.to ? (
                    <Link to={crumb.to} className="hover:text-foreground hover:underline">
                      {crumb.label}
                    </Link>
                  ) : (
                    <span aria-current={i === breadcrumb.length - 1 ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-1">
            {/* a title naming an id (a urn) breaks anywhere rather than pan the page sideways on a phone */}
            <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{title}</h1>
            {description && <p className="text-muted-foreground">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </div>
      {children}
    </div>
  );
}

/** An honest empty state: what will appear here, never invented data. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon?: LucideIcon | undefined;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center"
    >
      {Icon && (
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted">
          <Icon className="size-6 text-muted-foreground" aria-hidden />
        </span>
      )}
      <h2 className="text-lg font-medium">{title}</h2>
      {children && <p className="max-w-md text-sm text-muted-foreground">{children}</p>}
    </section>
  );
}
