import { useEffect } from 'react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { useInShell } from '@/components/layout/shell-context';

/** Texts of the error pages (the 404 and 500 titles are exact). */
export const ERROR_PAGES = {
  401: {
    title: 'Unauthorized Access',
    description: 'Please sign in with the appropriate credentials to access this resource.',
  },
  403: {
    title: 'Access Forbidden',
    description: "You don't have the necessary permission to view this resource.",
  },
  404: {
    title: 'Oops! Page Not Found!',
    description: "It seems like the page you're looking for does not exist or might have been removed.",
  },
  500: {
    title: 'Oops! Something went wrong',
    description: 'We apologize for the inconvenience. Please try again later.',
  },
  503: {
    title: 'Website is under maintenance!',
    description: "The site is not available at the moment. We'll be back online shortly.",
  },
} as const;
export type ErrorCode = keyof typeof ERROR_PAGES;

/** One page for every error status: code, title, explanation, and the buttons Go Back and Back to Home (/flow). */
export function ErrorPage({ code }: { code: ErrorCode }) {
  const router = useRouter();
  // Inside the signed-in shell the page sits in the shell's <main>; on its own it is the <main>.
  const Root = useInShell() ? 'div' : 'main';
  const { title, description } = ERROR_PAGES[code];
  useEffect(() => {
    document.title = `${code} · ${title}`;
  }, [code, title]);
  return (
    <Root className="flex min-h-[70svh] flex-col items-center justify-center gap-2 p-6 text-center">
      <p className="text-[7rem] leading-none font-bold tracking-tight" aria-hidden>
        {code}
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{description}</p>
      <div className="mt-6 flex gap-4">
        <Button variant="outline" onClick={() => router.history.back()}>
          Go Back
        </Button>
        <Button asChild>
          <Link to="/flow">Back to Home</Link>
        </Button>
      </div>
    </Root>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} />;
}

/** The router's crash boundary (defaultErrorComponent): logs the error and shows the 500 page. */
export function CrashPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorPage code={500} />;
}
