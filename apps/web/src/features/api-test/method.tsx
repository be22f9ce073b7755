import { cx } from '@/lib/cx';

const METHOD_COLORS: Record<string, string> = {
  GET: 'text-sky-700 dark:text-sky-300',
  POST: 'text-emerald-700 dark:text-emerald-300',
  PUT: 'text-amber-700 dark:text-amber-300',
  PATCH: 'text-amber-700 dark:text-amber-300',
  DELETE: 'text-destructive',
};

/** An HTTP method in its colour, in a fixed-width column (the operations list and the panel's title). */
export function Method({ method }: { method: string }) {
  return (
    <span className={cx('w-12 shrink-0 font-mono text-xs font-semibold', METHOD_COLORS[method])}>
      {method}
    </span>
  );
}
