/**
 * A table's sideways scroll with a visible cue: a shadow on each edge beyond which columns are
 * hidden (scroll-cue.ts), following the scroll, none at an end reached. Used for every table
 * that may be wider than a phone (lists, the registration and academic pages, payments).
 *
 * The shadows are drawn with inline styles on physical sides: the Emotion cache flips `left`
 * and `right` of `sx` in right-to-left, and these sides are already computed for the direction.
 */
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { NO_CUE, sameCue, scrollCue, type Cue } from './scroll-cue.ts';

const SHADOW_WIDTH = 18;

export function ScrollCue({ children, sx, testId }: { children: ReactNode; sx?: SxProps<Theme>; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [cue, setCue] = useState<Cue>(NO_CUE);
  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const direction = getComputedStyle(el).direction === 'rtl' ? 'rtl' : 'ltr';
    const next = scrollCue(el, direction);
    setCue((prev) => (sameCue(prev, next) ? prev : next));
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    update();
    if (!el || typeof ResizeObserver === 'undefined') return;
    // The table grows when its rows arrive and the box when the window turns: both change what is hidden.
    const observer = new ResizeObserver(update);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [update]);
  const theme = useTheme();
  const shade = alpha(
    theme.palette.mode === 'dark' ? '#000000' : theme.palette.text.primary,
    theme.palette.mode === 'dark' ? 0.6 : 0.22,
  );
  const edge = (side: 'left' | 'right', on: boolean) => (
    <span
      aria-hidden
      data-scroll-cue={side}
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        [side]: 0,
        width: SHADOW_WIDTH,
        pointerEvents: 'none',
        zIndex: 2,
        opacity: on ? 1 : 0,
        transition: 'opacity 120ms linear',
        background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${shade}, transparent)`,
      }}
    />
  );
  return (
    <Box sx={{ position: 'relative' }} data-cue-left={cue.left} data-cue-right={cue.right} data-testid={testId}>
      <Box
        ref={ref}
        onScroll={update}
        sx={[{ overflowX: 'auto', width: '100%' }, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])]}
      >
        {children}
      </Box>
      {edge('left', cue.left)}
      {edge('right', cue.right)}
    </Box>
  );
}
