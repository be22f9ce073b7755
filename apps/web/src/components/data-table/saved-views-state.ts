import { createContext, useContext } from 'react';
import type { SavedView } from '@meridian/contract/saved-views';

// What SavedViews hands to its menu (saved-views-menu.tsx, loaded on demand), apart so that the menu does not
// import the component that loads it.

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

/** True when two searches hold the same parameters with the same values. */
export function sameSearch(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** The menu's state (throws outside SavedViews). */
export function useSavedViewsMenu(): SavedViewsMenuState {
  const state = useContext(SavedViewsMenuContext);
  if (!state) throw new Error('useSavedViewsMenu outside SavedViews');
  return state;
}
