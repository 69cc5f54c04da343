import { guard } from './log.js';

/** How far down the page the visitor has seen, in percent of the document height. */
function seenPercent(): number {
  const root = document.documentElement;
  const height = Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0);
  return height > 0 ? ((scrollY + innerHeight) / height) * 100 : 100;
}

/**
 * Calls `reached` once, when the visitor scrolls to `percent` of the page (scrolling, not a page
 * short enough to be seen whole, is the signal of interest). Checks run at most once per frame
 * from a passive listener, so the page's scrolling is never slowed.
 */
export function onScrollDepth(percent: number, reached: () => void): void {
  let frame = 0;
  const check = guard(() => {
    frame = 0;
    if (seenPercent() < percent) return;
    removeEventListener('scroll', schedule);
    reached();
  });
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(check);
  };
  addEventListener('scroll', schedule, { passive: true });
}
