/**
 * The button that adds a row to a list field (subject marks, previous studies): its words in
 * the user's language beside the plus, where RJSF's own is a bare "+" named in English.
 */
import { Button } from '@mui/material';
import Add from '@mui/icons-material/Add';
import type { IconButtonProps } from '@rjsf/utils';
import { useUi } from '../../i18n/hooks.ts';

export function AddRowButton({ id, onClick, disabled, className }: IconButtonProps) {
  const ui = useUi();
  return (
    <Button
      id={id}
      variant="outlined"
      size="small"
      startIcon={<Add />}
      onClick={onClick}
      disabled={disabled}
      className={className}
    >
      {ui('addRow')}
    </Button>
  );
}
