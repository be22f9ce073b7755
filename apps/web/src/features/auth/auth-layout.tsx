import type { ReactNode } from 'react';

/** Layout of the public auth screens: the product name above a centred screen. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted p-6 md:p-10">
      <header className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <span
          aria-hidden
          className="grid size-7 place-items-center rounded-md bg-primary text-sm text-primary-foreground"
        >
          M
        </span>
        Meridian
      </header>
      <main className="flex w-full justify-center">{children}</main>
    </div>
  );
}
