import { createAutoAdvance, type AutoAdvance } from './autoAdvance';

/**
 * Binds an auto-advancer (widgets/lib/autoAdvance.ts) to an element of the page:
 * it pauses while the pointer is over `hoverTarget`, while keyboard focus is
 * inside `focusTarget` (keyboard focus, :focus-visible), and while the browser tab is hidden, and it is started
 * only while the element is connected (the caller destroys it on disconnect).
 */
export interface RotationOptions {
  count: number;
  intervalMs: number;
  initialIndex?: number;
  onChange: (index: number) => void;
  hoverTarget: HTMLElement;
  focusTarget: HTMLElement;
  signal: AbortSignal;
  /** Called whenever the paused state changes (to show or hide a progress indicator). */
  onPausedChange?: (paused: boolean) => void;
}

/** Whether focus on `target` came from the keyboard (:focus-visible); true where the selector is unknown. */
function isKeyboardFocus(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  try {
    return target.matches(':focus-visible');
  } catch {
    return true;
  }
}

export function startRotation(options: RotationOptions): AutoAdvance {
  const { hoverTarget, focusTarget, signal, onPausedChange } = options;
  const auto = createAutoAdvance({
    count: options.count,
    intervalMs: options.intervalMs,
    initialIndex: options.initialIndex ?? 0,
    onChange: options.onChange,
  });
  const report = () => onPausedChange?.(auto.isPaused());
  const pause = (reason: string) => {
    auto.pause(reason);
    report();
  };
  const resume = (reason: string) => {
    auto.resume(reason);
    report();
  };

  hoverTarget.addEventListener('pointerenter', (e) => { if (e.pointerType !== 'touch') pause('hover'); }, { signal });
  hoverTarget.addEventListener('pointerleave', () => resume('hover'), { signal });
  // Keyboard focus pauses; the focus a mouse click leaves on a button does not (the pointer is handled by hover).
  focusTarget.addEventListener('focusin', (event) => { if (isKeyboardFocus(event.target)) pause('focus'); }, { signal });
  focusTarget.addEventListener(
    'focusout',
    (event) => {
      if (!focusTarget.contains(event.relatedTarget as Node | null)) resume('focus');
    },
    { signal },
  );
  const doc = hoverTarget.ownerDocument;
  const onVisibility = () => (doc.visibilityState === 'hidden' ? pause('hidden') : resume('hidden'));
  doc.addEventListener('visibilitychange', onVisibility, { signal });
  signal.addEventListener('abort', () => auto.destroy(), { once: true });
  if (doc.visibilityState === 'hidden') auto.pause('hidden');
  auto.start();
  report();
  return auto;
}
