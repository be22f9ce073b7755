import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { cx } from '@/lib/cx';
import { DAY_FORMATS, formatDateTime, formatDay } from '@/lib/format/date';
import { formatMoney, type MoneyFormatOptions } from '@/lib/format/money';
import { dateFormatPreference, timeZonePreference } from '@/lib/preferences/display';

/** An instant in the user's time zone and chosen date format (Settings → Display); invalid dates show '-'. */
export function DateTimeText({ value, className }: { value: string | null | undefined; className?: string }) {
  const timeZone = timeZonePreference.use();
  const pattern = dateFormatPreference.use();
  const text = formatDateTime(value, timeZone, pattern);
  if (text === '-' || !value) return <span className={className}>-</span>;
  return (
    <time dateTime={value} className={cx('whitespace-nowrap', className)}>
      {text}
    </time>
  );
}

/** A calendar day (YYYY-MM-DD) in the user's chosen date format; '-' when missing. */
export function DateText({ value, className }: { value: string | null | undefined; className?: string }) {
  const pattern = DAY_FORMATS[dateFormatPreference.use()];
  if (!value) return <span className={className}>-</span>;
  return (
    <time dateTime={value} className={cx('whitespace-nowrap', className)}>
      {formatDay(value, pattern)}
    </time>
  );
}

/** A rupee amount (decimal string) in en-IN format, tabular digits. */
export function MoneyText({
  value,
  className,
  ...options
}: { value: string | null | undefined; className?: string } & MoneyFormatOptions) {
  return (
    <span className={cx('whitespace-nowrap tabular-nums', className)}>{formatMoney(value, options)}</span>
  );
}

/** A status as a coloured badge; the colours of a screen's statuses come with it. */
export function StatusBadge<S extends string>({
  status,
  variants,
  label,
}: {
  status: S;
  variants: Partial<Record<S, BadgeVariant>>;
  label?: string;
}) {
  return <Badge variant={variants[status] ?? 'grey'}>{label ?? status}</Badge>;
}

/**
 * Identifiers (URNs, account numbers, UTRs): monospace, on one line (tables scroll sideways) unless `wrap`
 * (details dialogs); '-' when missing.
 */
export function Code({
  children,
  className,
  wrap = false,
}: {
  children: ReactNode;
  className?: string;
  wrap?: boolean;
}) {
  if (children === null || children === undefined || children === '') return <span>-</span>;
  return (
    <span className={cx('font-mono text-[0.8125rem]', wrap ? 'break-all' : 'whitespace-nowrap', className)}>
      {children}
    </span>
  );
}

/** A definition list of label/value pairs for details dialogs. Rows with a null/undefined value show '-'. */
export function DetailList({
  items,
  className,
}: {
  items: ReadonlyArray<readonly [label: string, value: ReactNode]>;
  className?: string;
}) {
  return (
    <dl
      className={cx(
        'grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(9rem,auto)_1fr]',
        className,
      )}
    >
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 font-medium break-words">
            {value === null || value === undefined || value === '' ? '-' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
