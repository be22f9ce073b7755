import { lazy, Suspense, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { Outlet } from '@tanstack/react-router';
import Menu from 'lucide-react/icons/menu';
import Search from 'lucide-react/icons/search';
import { PermissionGate } from '@/components/permissions/permission-gate';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useMode } from '@/lib/mode';
import { AppSidebar } from './app-sidebar';
import { LiveModeNotice } from './live-mode-notice';
import { InShellContext } from './shell-context';
import { TEST_MODE_BAND_HEIGHT, TestModeBand, TestModeSwitch } from './test-mode';
import { UserMenu } from './user-menu';

const loadCommandMenu = () => import('./command-menu');
const CommandMenu = lazy(loadCommandMenu);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Opens/closes the command palette on Cmd+K and Ctrl+K. Its code (cmdk, the search) stays out of what a visit
 * transfers until the member shows intent: pressing Cmd or Ctrl (before the K), or pointing at or focusing the
 * search button, starts loading it, so the palette is usually there when the K lands; opening it before the
 * chunk arrived shows it as soon as it does.
 */
function useCommandPalette() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const setPaletteOpen = useCallback((next: boolean) => {
    if (next) setRequested(true);
    setOpen(next);
  }, []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Meta' || event.key === 'Control') void loadCommandMenu();
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setRequested(true);
        setOpen((o) => !o);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  return { open, requested, setOpen: setPaletteOpen };
}

/** The sticky header (below the test mode band): navigation (small screens), search, the mode switch, the user. */
function ShellHeader({
  onOpenNavigation,
  onOpenPalette,
}: {
  onOpenNavigation: () => void;
  onOpenPalette: () => void;
}) {
  return (
    <header className="sticky top-(--mode-band) z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <button
        type="button"
        className="flex size-9 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden"
        aria-label="Open navigation"
        onClick={onOpenNavigation}
      >
        <Menu className="size-5" aria-hidden />
      </button>
      <button
        type="button"
        onClick={onOpenPalette}
        onPointerEnter={() => void loadCommandMenu()}
        onFocus={() => void loadCommandMenu()}
        aria-keyshortcuts="Meta+K Control+K"
        className="flex h-9 w-full max-w-64 items-center gap-2 rounded-md border bg-muted/40 px-3 text-sm text-muted-foreground outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Search className="size-4" aria-hidden />
        <span className="flex-1 text-left">Search</span>
        <kbd className="hidden rounded border bg-background px-1.5 font-mono text-xs sm:inline" aria-hidden>
          {isMac ? '⌘' : 'Ctrl'} K
        </kbd>
      </button>
      <div className="ml-auto flex items-center gap-3">
        <TestModeSwitch />
        <UserMenu />
      </div>
    </header>
  );
}

/**
 * The signed-in shell: sidebar (a sheet on small screens), header with search, the test mode switch and user
 * menu, the page. In test mode a band runs across the top (the sticky header and sidebar sit below it). What
 * shows data mounts again on a switch of mode (`key`), after the query cache was emptied: no screen keeps the
 * other mode's answers, or a form filled from them.
 */
export function AppShell() {
  const palette = useCommandPalette();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const mode = useMode();
  const band = { '--mode-band': mode === 'test' ? TEST_MODE_BAND_HEIGHT : '0px' } as CSSProperties;

  return (
    <InShellContext.Provider value={true}>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      {mode === 'test' && <TestModeBand />}
      <div className="flex min-h-[calc(100svh_-_var(--mode-band))]" style={band}>
        <aside
          aria-label="Sidebar"
          className="sticky top-(--mode-band) hidden h-[calc(100svh_-_var(--mode-band))] w-64 shrink-0 border-r border-sidebar-border md:block"
        >
          <AppSidebar key={mode} />
        </aside>
        <Dialog open={mobileNavOpen} onOpenChange={setMobileNavOpen}>
          <DialogContent layout="sheet">
            <DialogTitle className="sr-only">Navigation</DialogTitle>
            <DialogDescription className="sr-only">Screens of the dashboard</DialogDescription>
            <AppSidebar key={mode} onNavigate={() => setMobileNavOpen(false)} />
          </DialogContent>
        </Dialog>
        <div className="flex min-w-0 flex-1 flex-col">
          <ShellHeader
            onOpenNavigation={() => setMobileNavOpen(true)}
            onOpenPalette={() => palette.setOpen(true)}
          />
          <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
            <div key={mode} className="contents">
              <div className="mx-auto mb-4 w-full max-w-6xl empty:hidden">
                <LiveModeNotice when="refused" />
              </div>
              <PermissionGate>
                <Outlet />
              </PermissionGate>
            </div>
          </main>
        </div>
      </div>
      {palette.requested && (
        <Suspense fallback={null}>
          <CommandMenu key={mode} open={palette.open} onOpenChange={palette.setOpen} />
        </Suspense>
      )}
    </InShellContext.Provider>
  );
}
