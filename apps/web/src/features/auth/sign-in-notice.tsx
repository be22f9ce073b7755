import { useEffect } from 'react';
import { toast } from 'sonner';
import AppToaster from '@/components/layout/app-toaster';

/** The app's toaster with one message in it: what the signed-in app left for the sign-in page. */
export default function SignInNotice({ text }: { text: string }) {
  // Runs after the toaster (a child) has mounted and listens.
  useEffect(() => {
    toast.error(text, { id: 'sign-in-notice' });
  }, [text]);
  return <AppToaster />;
}
