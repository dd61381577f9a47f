import { useEffect, useRef, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const hidden = css({ opacity: 0, transform: 'translateY(24px)' });
const shown = css({ opacity: 1, transform: 'none', transition: 'opacity 0.6s ease-out, transform 0.6s ease-out' });

/**
 * Reveals its content when it is scrolled into view. The first render shows the content as is (the
 * prerendered page, read with or without JavaScript, has all of it); once mounted, what is still below
 * the fold is hidden and fades in when it comes into view. Under prefers-reduced-motion nothing moves.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shows, setShows] = useState<'asIs' | 'hidden' | 'revealed'>('asIs');
  useEffect(() => {
    const element = ref.current;
    if (
      !element ||
      !('IntersectionObserver' in window) ||
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    )
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries.some((e) => e.isIntersecting);
        // Already on screen when first seen: leave it be; otherwise hide it until it is scrolled to.
        setShows((s) => (inView ? (s === 'hidden' ? 'revealed' : s) : s === 'asIs' ? 'hidden' : s));
        if (inView) observer.disconnect();
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={cx(shows === 'hidden' ? hidden : shows === 'revealed' ? shown : undefined, className)}
      data-revealed={shows === 'hidden' ? undefined : ''}
    >
      {children}
    </div>
  );
}
