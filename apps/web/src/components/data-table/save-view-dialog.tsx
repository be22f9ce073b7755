import { useId, useState, type FormEvent } from 'react';
import { MAX_SAVED_VIEWS_PER_LIST, SAVED_VIEW_NAME_MAX } from '@meridian/contract/saved-views';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fieldErrors, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreateSavedView } from './saved-views-api';

interface SaveViewDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  listName: string;
  search: Record<string, string>;
  count: number | undefined;
}

type NameError = { message: string; field: boolean } | null;

/** The dialog's name, its error and its submit: the server's refusal becomes the error. */
function useSaveViewForm({ onOpenChange, listName, search }: SaveViewDialogProps) {
  const create = useCreateSavedView();
  const [name, setName] = useState('');
  const [error, setError] = useState<NameError>(null);

  const close = (next: boolean) => {
    if (!next) {
      setName('');
      setError(null);
      create.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError({ message: 'Name the view', field: true });
      return;
    }
    setError(null);
    create.mutate(
      { list: listName, name: trimmed, search },
      {
        onSuccess: (view) => {
          toast.success('View saved', { description: view.name });
          close(false);
        },
        onError: (e) => {
          const field = fieldErrors(e)['name'];
          setError({
            message: isApiError(e) ? e.message : 'The view was not saved. Try again.',
            field: field !== undefined,
          });
        },
      },
    );
  };

  return { name, setName, error, close, submit, pending: create.isPending };
}

/** "Save current view": asks the name; the server's refusal (a name in use, the cap, a bad name) is shown in it. */
export function SaveViewDialog(props: SaveViewDialogProps) {
  const { open, search, count } = props;
  const { name, setName, error, close, submit, pending } = useSaveViewForm(props);
  const id = useId();

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save current view</DialogTitle>
          <DialogDescription>
            Name this list&apos;s filters to find them again in Views.
            {count !== undefined && count >= MAX_SAVED_VIEWS_PER_LIST - 5
              ? ` You have ${count} of ${MAX_SAVED_VIEWS_PER_LIST} views of this list.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Save current view">
          <NameField id={id} name={name} onName={setName} error={error} />
          <FiltersKept search={search} />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Save view'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The view's name, with the error under it. */
function NameField({
  id,
  name,
  onName,
  error,
}: {
  id: string;
  name: string;
  onName(name: string): void;
  error: NameError;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-name`}>Name</Label>
      <Input
        id={`${id}-name`}
        value={name}
        maxLength={SAVED_VIEW_NAME_MAX}
        autoComplete="off"
        required
        aria-invalid={error?.field || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onName(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The filters the view keeps, as `key=value` chips. */
function FiltersKept({ search }: { search: Record<string, string> }) {
  const filters = Object.entries(search);
  return (
    <div className="text-sm">
      <p className="text-muted-foreground">Filters kept</p>
      {filters.length === 0 ? (
        <p>None: the list&apos;s defaults</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {filters.map(([key, value]) => (
            <li key={key} className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">
              {key}={value}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
