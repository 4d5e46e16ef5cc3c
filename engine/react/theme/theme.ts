/** The MUI theme: direction and palette mode in, theme out (a pure function). */
import { createTheme, type Theme } from '@mui/material/styles';

export type { Direction } from '../../core/rtl.ts';
import type { Direction } from '../../core/rtl.ts';
export type { Skin } from '../../core/layout-settings.ts';
import type { Skin } from '../../core/layout-settings.ts';

export const FONT_LTR = '"Roboto", "Cairo", "Helvetica", "Arial", sans-serif';
/** Cairo covers Arabic and Latin, so mixed lines keep one face. */
export const FONT_RTL = '"Cairo", "Roboto", "Helvetica", "Arial", sans-serif';

/** The engine's own texts (`ui` namespace), for the names MUI gives its controls. */
export type UiText = (key: 'pageFirst' | 'pagePrevious' | 'pageNext' | 'pageLast') => string;

const PAGE_KEYS = { first: 'pageFirst', previous: 'pagePrevious', next: 'pageNext', last: 'pageLast' } as const;

export function makeTheme(direction: Direction, skin: Skin = 'light', ui?: UiText): Theme {
  return createTheme({
    direction,
    palette: {
      mode: skin,
      primary: { main: skin === 'light' ? '#3f51b5' : '#7986cb' },
      secondary: { main: '#8592a3' },
      background:
        skin === 'light' ? { default: '#f5f5f9', paper: '#ffffff' } : { default: '#1e1e2d', paper: '#2a2a3c' },
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: direction === 'rtl' ? FONT_RTL : FONT_LTR },
    components: {
      MuiButton: { styleOverrides: { root: { textTransform: 'none' } } },
      MuiTab: { styleOverrides: { root: { textTransform: 'none' } } },
      // Every pager's buttons are named in the user's language (MUI names them in English).
      ...(ui
        ? {
            MuiTablePagination: {
              defaultProps: { getItemAriaLabel: (type: keyof typeof PAGE_KEYS) => ui(PAGE_KEYS[type]) },
            },
            MuiPagination: {
              defaultProps: {
                getItemAriaLabel: (type: string, page: number | null) =>
                  type in PAGE_KEYS ? ui(PAGE_KEYS[type as keyof typeof PAGE_KEYS]) : String(page ?? ''),
              },
            },
          }
        : {}),
    },
  });
}
