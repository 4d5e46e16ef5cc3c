/**
 * The grid's root element: puts the grid's style sheet in the document (once) and carries the
 * theme as the sheet's custom properties (styles.ts), so drawing a grid costs no style work.
 */
import { useInsertionEffect, type HTMLAttributes } from 'react';
import { useTheme } from '@mui/material/styles';
import { gridVars, installGridCss } from './styles.ts';

export function GridRoot({ className, style, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const theme = useTheme();
  useInsertionEffect(installGridCss, []);
  const vars = gridVars(theme);
  return (
    <div
      {...rest}
      className={className ? `rg-root ${className}` : 'rg-root'}
      style={style ? { ...vars, ...style } : vars}
    />
  );
}
