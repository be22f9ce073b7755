import { useEffect, useState } from 'react';
import { useRouterState } from '@tanstack/react-router';

type Phase = 'idle' | 'running' | 'done';

/** A 2 px bar at the top while a navigation is pending; it completes, then fades. */
export function NavigationProgress() {
  const pending = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (pending) {
      setPhase('running');
      return;
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
  }, [pending]);

  useEffect(() => {
    if (phase !== 'done') return;
    const t = setTimeout(() => setPhase('idle'), 400);
    return () => clearTimeout(t);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <div
      // Decorative: the page itself says when it is loading (skeletons, aria-busy).
      aria-hidden
      data-testid="navigation-progress"
      data-phase={phase}
      className={
        'nav-progress pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5 origin-left bg-progress ' +
        (phase === 'running'
          ? 'animate-[nav-progress-grow_8s_cubic-bezier(0.1,0.7,0.2,1)_forwards]'
          : 'scale-x-100 opacity-0 transition-[transform,opacity] duration-300 [transition-delay:0ms,150ms]')
      }
    />
  );
}
