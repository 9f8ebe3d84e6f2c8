import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** The navigation state a picker sends with its choice: the page it opens takes the focus on its heading. */
export const FOCUS_HEADING_ON_ARRIVAL = { focusHeading: true } as const;

/**
 * Once the page was opened by a picker's choice (FOCUS_HEADING_ON_ARRIVAL), focuses the first heading inside
 * `container`: the combobox that made the choice is gone, and without this the focus falls to the document's
 * start, so a keyboard user would tab through the whole header again.
 */
export function useHeadingFocusOnArrival(container: RefObject<HTMLElement | null>) {
  const { state, key } = useLocation();
  const wantsFocus = (state as { focusHeading?: boolean } | null)?.focusHeading === true;
  useEffect(() => {
    if (!wantsFocus) return;
    const heading = container.current?.querySelector<HTMLElement>('h1, [role="heading"]');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
    // the effect runs once per arrival (the location's key), not on every render of the page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, wantsFocus]);
}
