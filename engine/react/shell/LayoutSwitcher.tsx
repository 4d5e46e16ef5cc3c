/** Switch between the vertical and horizontal menu layouts; the choice is stored locally. */
import { IconButton, Tooltip } from '@mui/material';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import ViewAgenda from '@mui/icons-material/ViewAgenda';
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
