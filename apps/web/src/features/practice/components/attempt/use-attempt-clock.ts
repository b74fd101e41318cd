import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readPreference, writePreference } from '../../../../shared/utils/user-preference.ts';
import { AttemptClock, parseElapsed } from './attempt-clock.ts';

const key = (attemptId: number) => `practice_time_${attemptId}`;

/**
 * The attempt's running time, shown every second and kept in the browser (per account), so a
 * reload or a later visit counts on. `forget` clears it once the attempt is submitted.
 */
export function useAttemptClock(attemptId: number | null): { elapsed: number; read(): number; forget(): void } {
  const clock = useMemo(
    () => (attemptId === null ? null : new AttemptClock(readPreference(key(attemptId), parseElapsed) ?? 0)),
    [attemptId],
  );
  const [elapsed, setElapsed] = useState(() => clock?.elapsed() ?? 0);
  // Once submitted, nothing is kept (the unmount's save would bring it back).
  const forgotten = useRef(false);

  useEffect(() => {
    if (!clock || attemptId === null) return;
    const save = () => {
      if (!forgotten.current) writePreference(key(attemptId), String(Math.round(clock.elapsed())));
    };
    const change = () => {
      if (document.visibilityState === 'visible') clock.start();
      else {
        clock.stop();
        save();
      }
    };
    change();
    document.addEventListener('visibilitychange', change);
    const tick = window.setInterval(() => {
      setElapsed(clock.elapsed());
      save();
    }, 1000);
    return () => {
      document.removeEventListener('visibilitychange', change);
      window.clearInterval(tick);
      clock.stop();
      save();
    };
  }, [clock, attemptId]);

  const read = useCallback(() => clock?.elapsed() ?? 0, [clock]);
  const forget = useCallback(() => {
    forgotten.current = true;
    clock?.stop();
    if (attemptId !== null) writePreference(key(attemptId), null);
  }, [clock, attemptId]);
  return { elapsed, read, forget };
}
