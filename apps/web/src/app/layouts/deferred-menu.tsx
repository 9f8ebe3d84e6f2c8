import { cloneElement, useState, type ComponentType, type KeyboardEvent, type ReactElement } from 'react';

/** What a lazily loaded dropdown receives: the trigger to wrap, and whether to mount already open. */
export type DeferredMenuProps = { trigger: ReactElement; defaultOpen: boolean };

type TriggerProps = {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

/**
 * The nav's dropdowns (language, account) load their menu code (Radix menu, popper, focus scope: ~20 KB
 * gzip) on first intent instead of with every page (landing budget). Until then the trigger is
 * the same button, plain: hovering or focusing it starts the download, and activating it (click, Enter,
 * Space, ArrowDown, like the menu's own trigger) mounts the menu already open. From then on the real menu
 * stays mounted and behaves as it always did.
 */
export function DeferredMenu({
  load,
  trigger,
}: {
  load: () => Promise<ComponentType<DeferredMenuProps>>;
  trigger: ReactElement<TriggerProps>;
}) {
  const [Menu, setMenu] = useState<ComponentType<DeferredMenuProps> | null>(null);
  const preload = () => void load();
  const open = () => {
    void load().then((Loaded) => setMenu(() => Loaded));
  };

  if (Menu) return <Menu trigger={trigger} defaultOpen />;
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      open();
    },
  });
}
