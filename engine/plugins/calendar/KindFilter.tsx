/** The event-kind filter: one chip per calendar_event_kind (all selected at first), in its colour. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Status } from '../../../generator/manifest-types.ts';
import { useLanguage } from '../../react/i18n/hooks.ts';
import { paletteKey } from './calendar-model.ts';

export interface KindFilterProps {
  kinds: readonly Status[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}

export function KindFilter({ kinds, selected, onChange }: KindFilterProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      role="group"
      aria-label={t('calendar.kinds')}
    >
      <Typography variant="body2" color="text.secondary">
        {t('calendar.kinds')}
      </Typography>
      {kinds.map((k) => {
        const on = selected.has(k.id);
        return (
          <Chip
            key={k.id}
            label={lang === 'ar' ? k.name_local : k.name}
            color={paletteKey(k.color)}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => toggle(k.id)}
            aria-pressed={on}
            data-kind={k.key}
          />
        );
      })}
      {selected.size < kinds.length && (
        <Chip
          label={t('calendar.view_all')}
          variant="outlined"
          onClick={() => onChange(new Set(kinds.map((k) => k.id)))}
        />
      )}
    </Stack>
  );
}
