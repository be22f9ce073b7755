import { DropdownMenu as Menu } from 'radix-ui';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Link2 from 'lucide-react/icons/link-2';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { OnDemandMenuProps } from '@/components/ui/menu-on-demand';
import { sameSearch, useSavedViewsMenu } from './saved-views-state';
import { useSavedViews } from './saved-views-api';

const subTriggerClass =
  'relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground data-[state=open]:bg-accent [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg]:size-4';

/**
 * The "Views" dropdown (loaded on demand by SavedViews): the user's views of the list, the current one checked
 * (choosing one applies it), then save, copy link and a "Delete a view" submenu. Arrow keys move, Enter chooses,
 * Right opens the submenu, Escape closes.
 */
export default function SavedViewsMenu({ trigger, open, onOpenChange }: OnDemandMenuProps) {
  const menu = useSavedViewsMenu();
  const views = useSavedViews(menu.listName, true);
  const list = views.data?.data ?? [];
  const currentId = list.find((v) => sameSearch(v.search, menu.current))?.id ?? '';
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-2rem)]">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          Saved views
        </DropdownMenuLabel>
        {views.isPending ? (
          <DropdownMenuItem disabled>Loading views…</DropdownMenuItem>
        ) : views.isError ? (
          <DropdownMenuItem disabled>Could not load your views</DropdownMenuItem>
        ) : list.length === 0 ? (
          <DropdownMenuItem disabled>No saved views yet</DropdownMenuItem>
        ) : (
          <DropdownMenuRadioGroup value={currentId}>
            {list.map((view) => (
              <DropdownMenuRadioItem key={view.id} value={view.id} onSelect={() => menu.apply(view)}>
                <span className="truncate">{view.name}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={menu.save}>
          <Plus aria-hidden />
          Save current view…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={menu.copyLink}>
          <Link2 aria-hidden />
          Copy link to this view
        </DropdownMenuItem>
        {list.length > 0 && (
          <Menu.Sub>
            <Menu.SubTrigger className={subTriggerClass}>
              <Trash2 aria-hidden />
              Delete a view
              <ChevronRight aria-hidden className="ml-auto" />
            </Menu.SubTrigger>
            <Menu.Portal>
              <Menu.SubContent
                aria-label="Delete a view"
                sideOffset={4}
                className="z-50 max-h-(--radix-dropdown-menu-content-available-height) max-w-72 min-w-[8rem] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
              >
                {list.map((view) => (
                  <DropdownMenuItem
                    key={view.id}
                    aria-label={`Delete view ${view.name}`}
                    onSelect={() => menu.remove(view)}
                  >
                    <span className="truncate">{view.name}</span>
                  </DropdownMenuItem>
                ))}
              </Menu.SubContent>
            </Menu.Portal>
          </Menu.Sub>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
