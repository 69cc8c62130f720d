/**
 * A ⋯ button and its menu. The menu is a popover, so it is drawn in the top layer: above the
 * following rows (each virtualised row is its own stacking context) and above the page. It opens
 * next to its button, inside the screen (menuPlacement.ts), and closes on a click elsewhere, on
 * Escape, when the list scrolls and after an action. Keyboard: Enter, Space or ArrowDown on the
 * button opens it with the first action focused; arrows, Home and End move; Escape or Tab close it
 * and give the focus back to the button.
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { placeMenu } from './menuPlacement.ts';

export interface MenuAction {
  /** Stable key, also `data-action` for styling and tests. */
  id: string;
  label: string;
  danger?: boolean;
  run(): void;
}

export function RowMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // A click on the button while the menu is open first closes it by light dismiss (on pointer up):
  // remember that it was open at pointer down, so that click does not open it again.
  const openAtPointerDown = useRef<boolean | null>(null);

  // The popover's own toggle event keeps `open` right however it closed (light dismiss, Escape).
  useEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const onToggle = (e: Event) => setOpen((e as ToggleEvent).newState === 'open');
    menu.addEventListener('toggle', onToggle);
    return () => menu.removeEventListener('toggle', onToggle);
  }, []);

  // A fixed menu would stay behind when the list scrolls under it: close it instead.
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (!menuRef.current?.contains(e.target as Node)) hide(false);
    };
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  });

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  const show = () => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!menu || !button || menu.matches(':popover-open')) return;
    menu.showPopover();
    const { top, left } = placeMenu(button.getBoundingClientRect(), menu.getBoundingClientRect(), {
      width: document.documentElement.clientWidth,
      height: window.innerHeight,
    });
    menu.style.top = `${top}px`;
    menu.style.left = `${left}px`;
    items()[0]?.focus();
  };

  function hide(returnFocus: boolean) {
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
    if (returnFocus) buttonRef.current?.focus();
  }

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      show();
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focus(at + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        focus(at - 1);
        break;
      case 'Home':
        e.preventDefault();
        focus(0);
        break;
      case 'End':
        e.preventDefault();
        focus(list.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        hide(true);
        break;
      case 'Tab':
        e.preventDefault();
        hide(true);
        break;
    }
    // The list's own keys (arrows between entries, Delete) are not for an open menu.
    e.stopPropagation();
  };

  if (actions.length === 0) return null;
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button row-menu-button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        onPointerDown={() => {
          openAtPointerDown.current = menuRef.current?.matches(':popover-open') ?? false;
        }}
        onClick={() => {
          const wasOpen = openAtPointerDown.current ?? menuRef.current?.matches(':popover-open');
          openAtPointerDown.current = null;
          if (wasOpen) hide(false);
          else show();
        }}
        onKeyDown={onButtonKey}
      >
        ⋯
      </button>
      <div
        ref={menuRef}
        id={id}
        popover="auto"
        role="menu"
        aria-label={label}
        className="row-menu-items"
        onKeyDown={onMenuKey}
      >
        {actions.map((a) => (
          <button
            key={a.id}
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-action={a.id}
            className={a.danger ? 'danger' : undefined}
            onClick={() => {
              hide(true);
              a.run();
            }}
          >
            {a.label}
          </button>
        ))}
      </div>
    </>
  );
}
