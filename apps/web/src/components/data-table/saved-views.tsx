import { lazy, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import Bookmark from 'lucide-react/icons/bookmark';
import { viewSearchOf } from '@meridian/contract/saved-views';
import { buttonVariants } from '@/components/ui/button';
import { MenuOnDemand } from '@/components/ui/menu-on-demand';
import { toast } from '@/lib/toast';
import { SaveViewDialog } from './save-view-dialog';
import { useDeleteSavedView, useSavedViews } from './saved-views-api';
import { SavedViewsMenuContext, type SavedViewsMenuState } from './saved-views-state';

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

const loadMenu = () => import('./saved-views-menu');
/** The dropdown itself; it reads SavedViewsMenuContext. */
const ViewsMenu = lazy(loadMenu);

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
