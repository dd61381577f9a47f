import { Tooltip } from '@ark-ui/react/tooltip';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes';
import { useSound } from '../shell/AppActors';

type Variant = NonNullable<ButtonVariantProps['variant']>;

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  variant?: Variant;
  size?: 'sm' | 'md';
  children?: ReactNode;
  /** Shown on top, with an arrow, without delay (spec section 9). */
  tooltip?: string;
}

const tooltipContent = css({
  bg: 'fg',
  color: 'bg',
  px: '3',
  py: '2',
  fontSize: 'sm',
  maxW: '280px',
  '--arrow-size': '8px',
  '--arrow-background': 'var(--colors-fg)',
});

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'solidGreen', size = 'md', className, children, onClick, tooltip, type = 'button', ...rest },
  ref,
) {
  const { play } = useSound();
  const element = (
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
  if (!tooltip) return element;
  return (
    <Tooltip.Root openDelay={0} closeDelay={0} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>{element}</Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content className={tooltipContent}>
          <Tooltip.Arrow>
            <Tooltip.ArrowTip />
          </Tooltip.Arrow>
          {tooltip}
        </Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
});

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ href, variant = 'solidGreen', children, className }: { href: string; variant?: Variant; children: ReactNode; className?: string }) {
  const { play } = useSound();
  return (
    <Link href={href} className={cx(button({ variant }), className)} onClick={() => play(children)}>
      {children}
    </Link>
  );
}
