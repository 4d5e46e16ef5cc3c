/** Switch between the vertical and horizontal menu layouts, and the skin; the choices are stored locally. */
import { IconButton, Tooltip } from '@mui/material';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import ViewAgenda from '@mui/icons-material/ViewAgenda';
import DarkMode from '@mui/icons-material/DarkMode';
import LightMode from '@mui/icons-material/LightMode';
import { useUi } from '../i18n/hooks.ts';
import { useLayoutSettingsContext } from './LayoutSettingsContext.tsx';

export function LayoutSwitcher() {
  const [settings, update] = useLayoutSettingsContext();
  const ui = useUi();
  const next = settings.layoutType === 'vertical' ? 'horizontal' : 'vertical';
  const label = ui(next === 'horizontal' ? 'layoutHorizontal' : 'layoutVertical');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => update({ layoutType: next })}>
        {next === 'horizontal' ? <ViewAgenda /> : <ViewSidebar />}
      </IconButton>
    </Tooltip>
  );
}

/** Light or dark skin (spec section 9: light by default, dark as an option), stored with the layout. */
export function SkinSwitcher() {
  const [settings, update] = useLayoutSettingsContext();
  const ui = useUi();
  const dark = settings.skin === 'dark';
  const label = ui(dark ? 'skinLight' : 'skinDark');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => update({ skin: dark ? 'light' : 'dark' })}>
        {dark ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}
