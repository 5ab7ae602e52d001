import { type KeyboardEvent, useId, useRef } from 'react';

/**
 * A tablist's keyboard (WAI-ARIA tabs): the arrow keys choose and focus the previous or next tab (wrapping
 * round; on a right-to-left page the left arrow goes to the next), Home and End the first and the last; only the chosen tab is in the Tab order. `tabProps(index)`
 * is what each tab button spreads; `baseId` names the tabs and their panels.
 */
export function useTablist(count: number, selected: number, choose: (index: number) => void) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Right to left (an Urdu page), the next tab is the one to the left.
    const forward = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
    const moves: Record<string, number> = {
      ArrowRight: selected + forward,
      ArrowLeft: selected - forward,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    choose(next);
    tabs.current[next]?.focus();
  };

  const tabProps = (index: number) => ({
    ref: (element: HTMLButtonElement | null) => {
      tabs.current[index] = element;
    },
    type: 'button' as const,
    role: 'tab',
    'aria-selected': index === selected,
    tabIndex: index === selected ? 0 : -1,
    onClick: () => choose(index),
    onKeyDown,
  });

  return { baseId, tabProps };
}
