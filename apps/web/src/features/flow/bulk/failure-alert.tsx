import CircleAlert from 'lucide-react/icons/circle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { isApiError } from '@/lib/api';

/**
 * The text of a failed call, as the forms' `serverErrorMessage` (components/form/server-errors) words it: the
 * server's message, or what went wrong before an answer came. Repeated here, with the alert below, so that these
 * lazy screens share no module with the forms: a module shared by another set of screens becomes a chunk of its
 * own, one more entry in the app chunk's preload map on every first view.
 */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 'FETCH_ERROR') return `The server could not be reached (${error.message}).`;
    if (error.status === 'TIMEOUT_ERROR') return 'The server did not answer in time.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong!';
}

/** A failure of the bulk screens: what failed and the server's message (like the forms' FormErrorAlert). */
export function FailureAlert({
  title,
  message,
  details = [],
}: {
  title: string;
  message: string;
  /** The server's field errors, e.g. the column a file lacks. */
  details?: readonly string[];
}) {
  return (
    <Alert variant="destructive" role="alert">
      <CircleAlert aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{message}</p>
        {details.length > 0 && (
          <ul className="list-disc pl-4">
            {details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </AlertDescription>
    </Alert>
  );
}
