import { Tooltip } from '@ark-ui/react/tooltip';
import { forwardRef } from 'react';
import { css } from 'styled-system/css';
import { Button, type ButtonProps } from './Button';

const content = css({
  bg: 'fg',
  color: 'bg',
  px: '3',
  py: '2',
  fontSize: 'sm',
  maxW: '280px',
  zIndex: 30,
  '--arrow-size': '8px',
  '--arrow-background': 'var(--colors-fg)',
});

/** A Button with a tooltip on top, with an arrow, opening and closing without delay (spec section 9). */
export const TooltipButton = forwardRef<HTMLButtonElement, ButtonProps & { tooltip: string }>(function TooltipButton(
  { tooltip, ...props },
  ref,
) {
  return (
    <Tooltip.Root openDelay={0} closeDelay={0} positioning={{ placement: 'top' }}>
      <Tooltip.Trigger asChild>
        <Button ref={ref} {...props} />
      </Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content className={content}>
          <Tooltip.Arrow>
            <Tooltip.ArrowTip />
          </Tooltip.Arrow>
          {tooltip}
        </Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
});
