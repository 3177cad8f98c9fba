import { useEffect } from 'react';

/** The parts of a link click the guard looks at. */
export interface LinkClick {
  button: number;
  defaultPrevented: boolean;
  modified: boolean;
  target: string | null;
  download: boolean;
  /** The link's absolute URL. */
  href: string;
}

/**
 * Whether a click on a link leaves the page inside the console (another path of the same origin, in
 * this tab). Clicks that open a new tab or download, and links to this very page, leave nothing; a
 * link to another origin unloads the page, which `beforeunload` answers.
 */
export function leavesPage(click: LinkClick, current: { origin: string; pathname: string }): boolean {
  if (click.button !== 0 || click.defaultPrevented || click.modified || click.download) return false;
  if (click.target && click.target !== '_self') return false;
  let url: URL;
  try {
    url = new URL(click.href, current.origin);
  } catch {
    return false;
  }
  return url.origin === current.origin && url.pathname !== current.pathname;
}

/**
 * Asks before leaving a form with unsaved changes: closing or reloading the tab gets the browser's own
 * question (beforeunload); a link to another console page asks `message` first. The console's router
 * is not a data router, so react-admin's warnWhenUnsavedChanges cannot block it: links are caught
 * before the router sees them (capture phase).
 */
export function useLeaveGuard(dirty: boolean, message: string): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chrome before 119 wants returnValue set.
      event.returnValue = true;
    };
    const click = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const leaving = leavesPage(
        {
          button: event.button,
          defaultPrevented: event.defaultPrevented,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          target: anchor.getAttribute('target'),
          download: anchor.hasAttribute('download'),
          href: anchor.href,
        },
        window.location,
      );
      if (leaving && !window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, [dirty, message]);
}
