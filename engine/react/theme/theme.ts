/** The MUI theme: direction and palette mode in, theme out (a pure function). */
import { createTheme, type Theme } from '@mui/material/styles';

export type { Direction } from '../../core/rtl.ts';
import type { Direction } from '../../core/rtl.ts';
export type { Skin } from '../../core/layout-settings.ts';
import type { Skin } from '../../core/layout-settings.ts';

export const FONT_LTR = '"Roboto", "Cairo", "Helvetica", "Arial", sans-serif';
/** Cairo covers Arabic and Latin, so mixed lines keep one face. */
export const FONT_RTL = '"Cairo", "Roboto", "Helvetica", "Arial", sans-serif';

export function makeTheme(direction: Direction, skin: Skin = 'light'): Theme {
  return createTheme({
    direction,
    palette: {
      mode: skin,
      primary: { main: skin === 'light' ? '#3f51b5' : '#7986cb' },
      secondary: { main: '#8592a3' },
      background: skin === 'light' ? { default: '#f5f5f9', paper: '#ffffff' } : { default: '#1e1e2d', paper: '#2a2a3c' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: direction === 'rtl' ? FONT_RTL : FONT_LTR },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
    },
  });
}
