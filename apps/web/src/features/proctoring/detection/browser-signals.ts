import type { Signals } from './signals.ts';

export interface BrowserSignalsOptions {
  /** Defaults to the page's own window (tests pass jsdom's). */
  window?: Window;
  /** How often held conditions are re-checked, in ms (default 1000). */
  tickMs?: number;
  now?: () => number;
}

/**
 * `screen.isExtended` and the screen's change event (Window Management API): exposed by
 * Chromium only, so optional.
 */
type ExtendedScreen = Screen & {
  isExtended?: boolean;
  addEventListener?: EventTarget['addEventListener'];
  removeEventListener?: EventTarget['removeEventListener'];
};

/**
 * Listens to the page for what the camera cannot see: leaving the tab or window, leaving full
 * screen, copy/cut/paste and a second screen, and feeds `signals`. Returns the disposer that
 * removes every listener.
 */
export function attachBrowserSignals(
  signals: Signals,
  options: BrowserSignalsOptions = {},
): () => void {
  const win = options.window ?? window;
  const doc = win.document;
  const now = options.now ?? Date.now;
  const screen = win.screen as ExtendedScreen | undefined;
  let hidden = doc.visibilityState === 'hidden';
  let blurred = false;
  let wasFullscreen = doc.fullscreenElement != null;

  // Hiding the tab also blurs the window: one condition, so that one switch flags once.
  const awayChanged = () => {
    const reason = hidden ? 'hidden' : 'blur';
    signals.setCondition('tab_switch', hidden || blurred, now(), { reason });
  };
  const onVisibility = () => {
    hidden = doc.visibilityState === 'hidden';
    awayChanged();
  };
  const onBlur = () => {
    blurred = true;
    awayChanged();
  };
  const onFocus = () => {
    blurred = false;
    awayChanged();
  };
  // Not being in full screen is not a flag by itself: only leaving it after having been in it.
  const onFullscreen = () => {
    const inFullscreen = doc.fullscreenElement != null;
    if (inFullscreen) wasFullscreen = true;
    signals.setCondition('fullscreen_exit', wasFullscreen && !inFullscreen, now());
  };
  const onClipboard = (event: Event) => {
    signals.event('copy_paste', now(), { action: event.type });
  };
  const onScreenChange = () => {
    if (screen?.isExtended !== undefined) {
      signals.setCondition('second_screen', screen.isExtended, now());
    }
  };

  doc.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  doc.addEventListener('fullscreenchange', onFullscreen);
  for (const type of ['copy', 'cut', 'paste']) doc.addEventListener(type, onClipboard, true);
  screen?.addEventListener?.('change', onScreenChange);
  onScreenChange();
  if (hidden) awayChanged();
  const timer = setInterval(() => signals.tick(now()), options.tickMs ?? 1000);

  return () => {
    clearInterval(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', onFocus);
    doc.removeEventListener('fullscreenchange', onFullscreen);
    for (const type of ['copy', 'cut', 'paste']) doc.removeEventListener(type, onClipboard, true);
    screen?.removeEventListener?.('change', onScreenChange);
  };
}
