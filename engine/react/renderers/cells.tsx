/**
 * How a value is written in a list or a detail page: pure `formatValue` for text, and
 * `StatusBadge` drawing engine/core's badge (colour and name) as an MUI chip.
 */
import { Chip } from '@mui/material';
import type { Colour, StatusTable } from '../../../generator/manifest-types.ts';
import { badge } from '../../core/badges.ts';

export function formatValue(value: unknown, format: string | undefined, type: string | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const kind = format ?? type;
  const locale = language === 'ar' ? 'ar-EG' : language;
  if (kind === 'boolean' || typeof value === 'boolean') return value ? '✓' : '✗';
  if ((kind === 'date' || kind === 'datetime') && (typeof value === 'string' || typeof value === 'number')) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return String(value);
    return kind === 'date'
      ? d.toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' })
      : d.toLocaleString(locale);
  }
  if ((kind === 'money' || kind === 'number' || kind === 'percent') && value !== '' && !Number.isNaN(Number(value))) {
    const n = Number(value);
    if (kind === 'percent') return `${n.toLocaleString(locale)}%`;
    return n.toLocaleString(locale, kind === 'money' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : {});
  }
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const text = language === 'ar' ? (o.name_local ?? o.ar ?? o.name ?? o.en) : (o.name ?? o.en ?? o.name_local);
    return text !== undefined ? String(text) : JSON.stringify(value);
  }
  return String(value);
}

type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** A manifest colour as an MUI chip colour and variant ('light-*' colours are outlined). */
export function chipStyle(colour: Colour): { color: ChipColor; variant: 'filled' | 'outlined' } {
  const map: Record<string, ChipColor> = {
    primary: 'primary', blue: 'primary', secondary: 'secondary', success: 'success', green: 'success',
    info: 'info', warning: 'warning', yellow: 'warning', danger: 'error', red: 'error',
    light: 'default', dark: 'default', grey: 'default',
  };
  if (colour.startsWith('light-')) return { color: map[colour.slice(6)] ?? 'default', variant: 'outlined' };
  return { color: map[colour] ?? 'default', variant: 'filled' };
}

export function StatusBadge({ table, value, language }: { table: StatusTable; value: unknown; language: string }) {
  const b = badge(table, value as string | number | null | undefined, language);
  const style = chipStyle(b.color);
  return <Chip size="small" label={b.text || String(value ?? '—')} color={style.color} variant={style.variant} />;
}
