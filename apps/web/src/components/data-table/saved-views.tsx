import { createContext, lazy, useContext, useId, useState, type FormEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import {
  MAX_SAVED_VIEWS_PER_LIST,
  SAVED_VIEW_NAME_MAX,
  viewSearchOf,
  type SavedView,
} from '@meridian/contract/saved-views';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MenuOnDemand } from '@/components/ui/menu-on-demand';
import { fieldErrors, isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCreateSavedView, useDeleteSavedView, useSavedViews } from './saved-views-api';

export interface SavedViewsProps {
  /** The list's machine name (`payouts`). */
  listName: string;
  /** The list's current URL search. */
  search: Record<string, unknown>;
  /** Navigates to a view's search (the URL then is the view's link). */
  onApply(search: Record<string, string>): void;
  /**
   * The URL search of a link to the list showing `view` (default: `view` itself). A page that keeps more in its
   * URL than this list's parameters (a tab, a selected bulk) adds it, so a copied link shows the same list.
   */
  linkSearch?: ((view: Record<string, string>) => Record<string, unknown>) | undefined;
  /** On a page with two lists: the list's name in the menu button's accessible name ("Saved views of bulks"). */
  of?: string | undefined;
}

/** What the menu (loaded on demand, it loads the views) needs from the toolbar's component. */
export interface SavedViewsMenuState {
  listName: string;
  /** The part of the current search a view keeps. */
  current: Record<string, string>;
  apply(view: SavedView): void;
  remove(view: SavedView): void;
  save(): void;
  copyLink(): void;
}

export const SavedViewsMenuContext = createContext<SavedViewsMenuState | null>(null);

const loadMenu = () => import('./saved-views-menu');
/** The dropdown itself; it reads SavedViewsMenuContext. */
const ViewsMenu = lazy(loadMenu);

/** True when two searches hold the same parameters with the same values. */
export function sameSearch(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/**
 * The lists' "Views" menu: the signed-in user's saved views of this list (choosing one navigates to its search,
 * so the address bar holds a link to it), "Save current view…" (a dialog asking the name), "Copy link" to the
 * current view and "Delete a view". A view keeps the list's filters, not its page or open row. The menu's code
 * loads when it is first wanted; the views load with it.
 */
export function SavedViews({ listName, search, onApply, linkSearch, of }: SavedViewsProps) {
  const router = useRouter();
  const [saving, setSaving] = useState(false);
  // The menu loads the views when it opens; here they are read from the cache once loaded.
  const views = useSavedViews(listName, false);
  const remove = useDeleteSavedView(listName);
  const current = viewSearchOf(search);

  const state: SavedViewsMenuState = {
    listName,
    current,
    apply: (view) => onApply(view.search),
    remove: (view) =>
      remove.mutate(view.id, {
        onSuccess: () => toast.success('View deleted', { description: view.name }),
      }),
    // After the menu has closed and handed focus back to its trigger, so the dialog takes it from there.
    save: () => setTimeout(() => setSaving(true), 0),
    copyLink: () => {
      const { pathname } = router.state.location;
      const linked = linkSearch ? linkSearch(current) : current;
      const href = router.history.createHref(pathname + router.options.stringifySearch(linked));
      const link = new URL(href, window.location.origin).href;
      navigator.clipboard.writeText(link).then(
        () => toast.success('Link copied', { description: link }),
        () =>
          toast.error('Could not copy', {
            description: 'The browser did not allow access to the clipboard.',
          }),
      );
    },
  };

  return (
    <SavedViewsMenuContext.Provider value={state}>
      <MenuOnDemand
        Menu={ViewsMenu}
        load={loadMenu}
        trigger={{
          className: buttonVariants({ variant: 'outline', size: 'sm' }),
          'aria-label': of ? `Saved views of ${of}` : 'Saved views',
          'data-testid': 'saved-views',
          children: (
            <>
              <Bookmark aria-hidden />
              Views
            </>
          ),
        }}
      />
      <SaveViewDialog
        open={saving}
        onOpenChange={setSaving}
        listName={listName}
        search={current}
        count={views.data?.data.length}
      />
    </SavedViewsMenuContext.Provider>
  );
}

/** "Save current view": asks the name; the server's refusal (a name in use, the cap, a bad name) is shown in it. */
function SaveViewDialog({
  open,
  onOpenChange,
  listName,
  search,
  count,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  listName: string;
  search: Record<string, string>;
  count: number | undefined;
}) {
  const create = useCreateSavedView();
  const [name, setName] = useState('');
  const [error, setError] = useState<{ message: string; field: boolean } | null>(null);
  const id = useId();
  const filters = Object.entries(search);

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
              onChange={(e) => setName(e.target.value)}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error.message}
              </p>
            )}
          </div>
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
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving…' : 'Save view'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The menu's state (throws outside SavedViews). */
export function useSavedViewsMenu(): SavedViewsMenuState {
  const state = useContext(SavedViewsMenuContext);
  if (!state) throw new Error('useSavedViewsMenu outside SavedViews');
  return state;
}
