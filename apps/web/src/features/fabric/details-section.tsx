import type { ReactNode } from 'react';

/** A small heading inside a details dialog. */
export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t pt-4">
      <h3 className="font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** A JSON document, indented and wrapped, in a region that scrolls (and takes focus to scroll by keyboard). */
export function JsonBlock({ label, value }: { label: string; value: unknown }) {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return (
    <pre
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {text}
    </pre>
  );
}
