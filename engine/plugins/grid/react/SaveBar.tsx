/**
 * A saving grid's buttons and notes: 'Save changes (N)' (N changed rows; refused while an edited
 * cell has the grid's own error), 'Discard changes', and what was not or cannot be saved.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { GridSaveState } from './useGridSave.ts';
import { saveText } from './save-texts.ts';

export function SaveButtons({ saver, lang }: { saver: GridSaveState; lang: string }) {
  return (
    <>
      <Button
        size="small"
        variant="contained"
        color="primary"
        disabled={!saver.count || saver.saving || saver.invalid > 0}
        onClick={() => void saver.save()}
        data-testid="grid-save"
      >
        {saver.saving ? saveText(lang, 'saving') : saveText(lang, 'save', { n: saver.count })}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={!saver.count || saver.saving}
        onClick={() => void saver.discard()}
        data-testid="grid-discard"
      >
        {saveText(lang, 'discard')}
      </Button>
    </>
  );
}

export function SaveNotes({ saver, lang }: { saver: GridSaveState; lang: string }) {
  return (
    <>
      {saver.invalid > 0 && <Alert severity="warning">{saveText(lang, 'fixFirst', { n: saver.invalid })}</Alert>}
      {saver.unmatched > 0 && <Alert severity="warning">{saveText(lang, 'unmatched', { n: saver.unmatched })}</Alert>}
      {saver.notice && <Alert severity="error">{saver.notice}</Alert>}
    </>
  );
}
