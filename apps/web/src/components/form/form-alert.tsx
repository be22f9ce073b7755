import CircleAlert from 'lucide-react/icons/circle-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The failure of a form's last submission: the server's message and field errors the form cannot show. */
export function FormErrorAlert({
  title,
  message,
  details = [],
}: {
  title: string;
  message: string | null;
  details?: readonly string[];
}) {
  if (!message) return null;
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
