import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes';
import { usePlaySound } from '../../app/shell/AppActors';

type Variant = NonNullable<ButtonVariantProps['variant']>;

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  variant?: Variant;
  size?: 'sm' | 'md';
  children?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'solidGreen', size = 'md', className, children, onClick, type = 'button', ...rest },
  ref,
) {
  const play = usePlaySound();
  return (
    <button
      ref={ref}
      type={type}
      className={cx(button({ variant, size }), className)}
      onClick={(event) => {
        play(children);
        onClick?.(event);
      }}
      {...rest}
    >
      {children}
    </button>
  );
});

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({
  href,
  variant = 'solidGreen',
  children,
  className,
}: {
  href: string;
  variant?: Variant;
  children: ReactNode;
  className?: string;
}) {
  const play = usePlaySound();
  return (
    <Link href={href} className={cx(button({ variant }), className)} onClick={() => play(children)}>
      {children}
    </Link>
  );
}
