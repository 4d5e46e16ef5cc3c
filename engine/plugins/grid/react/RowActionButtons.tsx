/**
 * A grid screen's row actions (edit, delete, restore: the screen's `actions` with `row: true`
 * the user may use) as small buttons in the row's lead cell. Plain buttons with the list
 * renderer's icons: a few per drawn row, so no MUI IconButton (ripple, styles) per row.
 * Restore shows only on a deleted row and delete only on a live one (list-model rowActionsFor).
 */
import Add from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import RestoreFromTrash from '@mui/icons-material/RestoreFromTrash';
import type { LocalText, ScreenAction } from '../../../../generator/manifest-types.ts';
import { rowActionsFor } from '../../../react/renderers/list/list-model.ts';
import type { GridRow } from '../model/types.ts';

/** Room per row action button in the lead cell, px. */
export const ROW_ACTION_WIDTH = 20;

/** The same icons as the list renderer's actions. */
export function actionIcon(action: ScreenAction) {
  if (action.type === 'export') return <FileDownload />;
  if (action.type === 'delete') return <Delete fontSize="small" />;
  if (action.type === 'restore') return <RestoreFromTrash fontSize="small" />;
  if (action.name.includes('edit')) return <Edit fontSize="small" />;
  if (action.name.includes('add') || action.name.includes('create')) return <Add />;
  return <ChevronRight fontSize="small" />;
}

/** The most buttons one row shows: delete and restore never both. */
export function rowActionCount(actions: readonly ScreenAction[]): number {
  const both = actions.some((a) => a.type === 'delete') && actions.some((a) => a.type === 'restore');
  return actions.length - (both ? 1 : 0);
}

interface Props {
  actions: readonly ScreenAction[];
  row: GridRow;
  /** The user and the route, for the actions' `visibleWhen`. */
  context?: Parameters<typeof rowActionsFor>[2];
  onAction(action: ScreenAction, row: GridRow): void;
  label(text: LocalText | string | undefined): string;
}

export function RowActionButtons({ actions, row, context, onAction, label }: Props) {
  return (
    <>
      {rowActionsFor(actions, row, context).map((a) => {
        const name = label(a.label);
        return (
          <button
            key={a.name}
            type="button"
            className="rg-act"
            data-action={a.name}
            aria-label={name}
            title={name}
            tabIndex={-1}
            onClick={() => onAction(a, row)}
          >
            {actionIcon(a)}
          </button>
        );
      })}
    </>
  );
}
