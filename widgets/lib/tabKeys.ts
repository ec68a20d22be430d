/**
 * The keyboard rule of the WAI-ARIA tabs pattern, shared by the server-rendered
 * tab lists (widgets/lib/tabs.ts) and the dashboard gallery's tabs.
 */

/** Which arrows move: a horizontal list uses Left/Right only (Up/Down keep scrolling the page). */
export type TabOrientation = 'horizontal' | 'both';

/**
 * The tab a key moves to from `index` in a list of `count` tabs, or null when the
 * key is not a tab-list key (the event is then left alone). Arrows wrap; Home and
 * End go to the ends; an out-of-range or non-integer index counts from the nearest end.
 */
export function tabKeyTarget(key: string, index: number, count: number, orientation: TabOrientation = 'both'): number | null {
  if (count <= 0) return null;
  const current = Math.min(Math.max(Number.isInteger(index) ? index : 0, 0), count - 1);
  const vertical = orientation === 'both';
  if (key === 'ArrowRight' || (vertical && key === 'ArrowDown')) return (current + 1) % count;
  if (key === 'ArrowLeft' || (vertical && key === 'ArrowUp')) return (current - 1 + count) % count;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
