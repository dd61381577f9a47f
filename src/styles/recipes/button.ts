import { defineRecipe } from '@pandacss/dev';

/** The six button variants of the spec: square corners, bold 16px. */
export const buttonRecipe = defineRecipe({
  className: 'button',
  description: 'Cater Captain buttons',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: '0',
    fontFamily: 'heading',
    fontWeight: 'bold',
    fontSize: '16px',
    lineHeight: '1.2',
    px: '4',
    py: '2',
    minH: '10',
    borderWidth: '2px',
    borderStyle: 'solid',
    cursor: 'pointer',
    textDecoration: 'none',
    transition: 'background 0.15s, color 0.15s',
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solidGreen: {
        bg: 'primary',
        color: 'onSolid',
        borderColor: 'primary',
        _hover: { bg: 'primaryHover', borderColor: 'primaryHover' },
      },
      outlineGreen: {
        bg: 'transparent',
        color: 'primary',
        borderColor: 'primary',
        _hover: { bg: 'primary', color: 'onSolid' },
      },
      solidRed: {
        bg: 'accent',
        color: 'onSolid',
        borderColor: 'accent',
        _hover: { bg: 'accentHover', borderColor: 'accentHover' },
      },
      outlineRed: {
        bg: 'transparent',
        color: 'accent',
        borderColor: 'accent',
        _hover: { bg: 'accent', color: 'onSolid' },
      },
      solidBlue: {
        bg: 'secondary',
        color: 'onSolid',
        borderColor: 'secondary',
        _hover: { bg: 'secondaryHover', borderColor: 'secondaryHover' },
      },
      outlineBlue: {
        bg: 'transparent',
        color: 'secondary',
        borderColor: 'secondary',
        _hover: { bg: 'secondary', color: 'onSolid' },
      },
    },
    size: {
      // Smaller padding only: the spec's bold 16px holds for every button.
      sm: { px: '3', py: '1', minH: '8' },
      md: {},
    },
  },
  defaultVariants: { variant: 'solidGreen', size: 'md' },
});
