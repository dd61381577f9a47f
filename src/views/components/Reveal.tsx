import { useEffect, useRef, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const hidden = css({ opacity: 0, transform: 'translateY(24px)' });
const shown = css({ opacity: 1, transform: 'none', transition: 'opacity 0.6s ease-out, transform 0.6s ease-out' });

/** Reveals its content when scrolled into view; shows it at once under prefers-reduced-motion. */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(
    () => typeof window === 'undefined' || !('IntersectionObserver' in window) || window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <div ref={ref} className={cx(visible ? shown : hidden, className)} data-revealed={visible ? '' : undefined}>
      {children}
    </div>
  );
}
