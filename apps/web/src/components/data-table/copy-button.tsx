import { useEffect, useRef, useState } from 'react';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';

/** How long the button shows "Copied" (the toast's duration, spec §9). */
const COPIED_MS = 2000;

/**
 * Copies `value` to the clipboard. Success shows a "Copied" toast and, for two seconds, a check mark and
 * "Copied" in a live region of its own: inside a modal dialog the toaster is hidden from screen readers. A
 * refused clipboard shows an error toast.
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
    toast.success('Copied', { description: value });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <>
      <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={() => void copy()}>
        {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      </Button>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
