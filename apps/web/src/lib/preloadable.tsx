import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is loaded on demand (its own chunk, not part of the route's first
 * load: docs/performance.md), like `React.lazy`, plus `preload()`: once loaded, it renders at
 * once, without suspending again. Screens preload after their first render, so by the time the
 * part is shown (a later wizard step, a canvas, a history table) it usually is there already.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => (pending ??= load().then((c) => (loaded = c)));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    // Chosen once per mounted instance: one that began suspended stays inside its Suspense.
    // Switching it to the loaded component on a later render changed the tree's shape, so React
    // remounted the part and lost its state (a wizard step's open modal or date picker).
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return <Suspense fallback={fallback}><Lazy {...props} /></Suspense>;
  }
  return Object.assign(Preloadable, { preload: () => void preload() });
}
