import {
  Suspense,
  useState,
  type ComponentProps,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';

/** The trigger button's props (its look, name and content). */
export type MenuTriggerProps = ComponentProps<'button'> & { 'data-testid'?: string };

/** Props of a menu loaded on demand: the whole Radix dropdown, its trigger made from `trigger`. */
export interface OnDemandMenuProps {
  trigger: MenuTriggerProps;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dropdown menu whose code (Radix menu and its positioning engine, about a tenth of the app's first script)
 * loads when it is first wanted. Until then its trigger is a plain button with the menu button's semantics:
 * pointing at it or focusing it starts the download, pressing it (mouse, touch, Enter, Space, ArrowDown)
 * opens the menu as soon as the code is there. `Menu` is a `lazy()` component rendering the whole dropdown,
 * its trigger made from `trigger`; `load` is the import it wraps.
 */
export function MenuOnDemand({
  Menu,
  load,
  trigger,
}: {
  Menu: ComponentType<OnDemandMenuProps>;
  load: () => Promise<unknown>;
  trigger: MenuTriggerProps;
}) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const placeholder = (handlers: ComponentProps<'button'>) => (
    <button type="button" aria-haspopup="menu" aria-expanded={false} {...trigger} {...handlers} />
  );
  if (wanted) {
    return (
      <Suspense fallback={placeholder({})}>
        <Menu trigger={trigger} open={open} onOpenChange={setOpen} />
      </Suspense>
    );
  }
  const openMenu = () => {
    setWanted(true);
    setOpen(true);
  };
  const preload = () => void load();
  return placeholder({
    onPointerEnter: preload,
    onFocus: preload,
    // As Radix's trigger does: a mouse opens on press, touch and keyboard on click.
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey) {
        event.preventDefault();
        openMenu();
      }
    },
    onClick: openMenu,
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        openMenu();
      }
    },
  });
}
