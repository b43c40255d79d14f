import { useEffect, useState } from 'react';

const secondsLeft = (until: string | null) => (until ? Math.max(0, Math.ceil((new Date(until).getTime() - Date.now()) / 1000)) : 0);

/** Whole seconds until `until` (an ISO instant), ticking once a second and stopping at 0. */
export function useCountdown(until: string | null): number {
  const [left, setLeft] = useState(() => secondsLeft(until));
  useEffect(() => {
    setLeft(secondsLeft(until));
    if (secondsLeft(until) === 0) return undefined;
    const timer = setInterval(() => {
      const next = secondsLeft(until);
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
