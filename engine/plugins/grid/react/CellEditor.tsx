/**
 * The in-cell editor: an input that applies the column's keystroke rules to what is typed or
 * pasted, and offers up to 50 of the column's values (or a map/select column's choices) as
 * autocomplete. Enter commits and moves down, Tab / Shift-Tab commit and move sideways,
 * Escape cancels; arrows walk the autocomplete list while it is open.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { columnOptions, typeOf } from '../model/columns.ts';
import { filterInput } from '../model/keys.ts';
import { columnTitle, gridText } from '../model/messages.ts';
import { AUTOCOMPLETE_MAX } from '../model/paging.ts';
import { autocompleteValues } from '../model/view.ts';
import type { GridColumn, GridRow } from '../model/types.ts';
import type { RowContext } from './GridRowView.tsx';
import { listSx } from './styles.ts';

interface Props {
  column: GridColumn;
  text: string;
  rows: readonly GridRow[];
  lang: string;
  editor: RowContext['editor'];
}

const AUTOCOMPLETE_TYPES = new Set(['string', 'map', 'select']);

export function CellEditor({ column, text, rows, lang, editor: grid }: Props) {
  const input = useRef<HTMLInputElement>(null);
  // Once committed or cancelled, the blur that follows (focus going back to the grid) is not a commit.
  const finished = useRef(false);
  const editor = {
    setText: grid.setText,
    commit: (move: Parameters<RowContext['editor']['commit']>[0]) => {
      if (finished.current) return;
      finished.current = true;
      grid.commit(move);
    },
    cancel: () => {
      if (finished.current) return;
      finished.current = true;
      grid.cancel();
    },
  };
  const [highlight, setHighlight] = useState(-1);
  const [typed, setTyped] = useState(false);

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const suggestions = useMemo(() => {
    const type = typeOf(column);
    if (!typed || !AUTOCOMPLETE_TYPES.has(type)) return [];
    if (type === 'map' || type === 'select') {
      const needle = text.trim().toLowerCase();
      return columnOptions(column)
        .map((o) => gridText(o.label, lang))
        .filter((label) => label.toLowerCase().includes(needle))
        .slice(0, AUTOCOMPLETE_MAX);
    }
    if (!text.trim()) return [];
    return autocompleteValues(column, rows, text, lang).filter((v) => v !== text);
  }, [column, rows, text, lang, typed]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const open = suggestions.length > 0;
    switch (event.key) {
      case 'ArrowDown':
        if (open) {
          event.preventDefault();
          setHighlight((h) => Math.min(suggestions.length - 1, h + 1));
        }
        break;
      case 'ArrowUp':
        if (open) {
          event.preventDefault();
          setHighlight((h) => Math.max(-1, h - 1));
        }
        break;
      case 'Enter':
        event.preventDefault();
        if (open && highlight >= 0) {
          editor.setText(suggestions[highlight]!);
          setTyped(false);
          setHighlight(-1);
          return;
        }
        editor.commit('down');
        break;
      case 'Tab':
        event.preventDefault();
        editor.commit(event.shiftKey ? 'prev' : 'next');
        break;
      case 'Escape':
        event.preventDefault();
        if (open) setTyped(false);
        else editor.cancel();
        break;
      default:
        break;
    }
    // The grid's own keys (arrows, copy, paste) must not act while typing in the cell.
    event.stopPropagation();
  };

  return (
    <>
      <input
        ref={input}
        className="rg-editor"
        // Typed Latin text or a number keeps its own order in a right-to-left grid.
        dir="auto"
        value={text}
        aria-label={columnTitle(column, lang)}
        aria-autocomplete={AUTOCOMPLETE_TYPES.has(typeOf(column)) ? 'list' : undefined}
        onChange={(e) => {
          setTyped(true);
          setHighlight(-1);
          editor.setText(filterInput(column, e.target.value));
        }}
        onKeyDown={onKeyDown}
        onCopy={(e) => e.stopPropagation()}
        onPaste={(e) => e.stopPropagation()}
        onCut={(e) => e.stopPropagation()}
        onBlur={() => editor.commit('none')}
      />
      <Popper open={suggestions.length > 0} anchorEl={input.current} placement="bottom-start" style={{ zIndex: 1500 }}>
        <Paper sx={listSx} role="listbox" elevation={4}>
          {suggestions.map((s, i) => (
            <div
              key={s}
              className="rg-option"
              role="option"
              aria-selected={i === highlight}
              // mousedown, not click: the input must not lose focus (and commit) first
              onMouseDown={(e) => {
                e.preventDefault();
                editor.setText(s);
                setTyped(false);
              }}
            >
              {s}
            </div>
          ))}
        </Paper>
      </Popper>
    </>
  );
}
