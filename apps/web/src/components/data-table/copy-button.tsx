import { useEffect, useRef, useState } from 'react';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/** How long the button shows that it copied. */
const COPIED_MS = 2000;

/**
 * Copies `value` to the clipboard. Success is confirmed where the user clicked, for two seconds: a check mark
 * and "Copied" in a live region of its own (inside a modal dialog the toaster is hidden from screen readers).
 * No toast: a toast fading in and out over the page has, while it fades, its text at a fraction of its
 * contrast (axe caught the "Copied" toast's fade-out over the payout details). A refused clipboard shows an
 * error toast.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast.error('Could not copy', { description: 'The browser did not allow access to the clipboard.' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        title={copied ? 'Copied' : label}
        onClick={() => void copy()}
      >
        {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
