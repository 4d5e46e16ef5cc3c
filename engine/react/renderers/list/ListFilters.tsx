/** The list's search box and the filters the definition declares (status tables, references, text). */
import { useEffect, useState } from 'react';
import { Box, Button, InputAdornment, MenuItem, TextField } from '@mui/material';
import Search from '@mui/icons-material/Search';
import type { ScreenFilter } from '../../../../generator/manifest-types.ts';
import { useManifest } from '../../data/ManifestProvider.tsx';
import { useLabel, useLanguage, useUi } from '../../i18n/hooks.ts';
import { useRefOptions, type Option } from '../useRefOptions.ts';
import type { ListController } from './useListController.ts';

const SEARCH_DELAY_MS = 400;

function useFilterOptions(filter: ScreenFilter, resource: string | undefined): Option[] | undefined {
  const manifest = useManifest();
  const language = useLanguage();
  const ui = useUi();
  const table = filter.statusTable ? manifest.statusTables[filter.statusTable] : undefined;
  const field = resource ? manifest.entities[resource]?.fields[filter.field] : undefined;
  const ref = table ? undefined : (filter.ref ?? field?.ref);
  const refOptions = useRefOptions(ref);
  if (table)
    return table.statuses.map((s) => ({ value: String(s.id), label: language === 'ar' ? s.name_local : s.name }));
  if (field?.type === 'boolean')
    return [
      { value: 'true', label: ui('yes') },
      { value: 'false', label: ui('no') },
    ];
  return ref ? (refOptions ?? []) : undefined;
}

/** One declared filter; also drawn by the grid plugin's screens (their server filters). */
export function FilterField({
  filter,
  controller,
  resource,
}: {
  filter: ScreenFilter;
  controller: Pick<ListController, 'state' | 'setFilter'>;
  resource?: string;
}) {
  const label = useLabel();
  const ui = useUi();
  const options = useFilterOptions(filter, resource);
  const value = controller.state.filters[filter.field] ?? [];
  if (options) {
    return (
      <TextField
        select
        size="small"
        label={label(filter.label)}
        value={value[0] ?? ''}
        onChange={(e) => controller.setFilter(filter.field, e.target.value ? [e.target.value] : [])}
        sx={{ minWidth: 180 }}
      >
        <MenuItem value="">{ui('all')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      size="small"
      label={label(filter.label)}
      defaultValue={value[0] ?? ''}
      onBlur={(e) => controller.setFilter(filter.field, e.target.value.trim() ? [e.target.value.trim()] : [])}
      sx={{ minWidth: 160 }}
    />
  );
}

export function ListFilters({
  filters,
  controller,
  resource,
}: {
  filters: readonly ScreenFilter[];
  controller: ListController;
  resource?: string;
}) {
  const ui = useUi();
  const [search, setSearch] = useState(controller.state.search);
  const { setSearch: commitSearch } = controller;
  const current = controller.state.search;
  useEffect(() => setSearch(current), [current]);
  useEffect(() => {
    if (search.trim() === current) return;
    const t = setTimeout(() => commitSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
    // commitSearch changes with every state; only typing should restart the delay
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const active = current !== '' || Object.keys(controller.state.filters).length > 0;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        size="small"
        type="search"
        placeholder={ui('search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': ui('search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ minWidth: 220 }}
      />
      {filters.map((f) => (
        <FilterField key={f.field} filter={f} controller={controller} resource={resource} />
      ))}
      {active && (
        <Button size="small" onClick={() => controller.clearFilters()}>
          {ui('clearFilters')}
        </Button>
      )}
    </Box>
  );
}
