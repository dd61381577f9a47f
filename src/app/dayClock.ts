/**
 * The local date as it changes: `onTick(today)` runs just after each local midnight (re-armed at
 * least hourly, since a sleeping computer's timers drift) and whenever the page comes back into view
 * or focus, so a page left open overnight moves to the new day. Returns the stop function.
 * Provided to the machines that keep a `today` (Dashboard, Calendar) as their clock actor.
 */
import { isoDate, msUntilNextDay } from '../domain/upcoming';

export function watchDayClock(onTick: (today: string) => void, now: () => Date = () => new Date()): () => void {
  const tick = () => onTick(isoDate(now()));
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    timer = setTimeout(
      () => {
        tick();
        schedule();
      },
      Math.min(msUntilNextDay(now()) + 500, 60 * 60 * 1000),
    );
  };
  schedule();
  const onVisible = () => document.visibilityState === 'visible' && tick();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', tick);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', tick);
  };
}
