/**
 * Clipboard ranges as tab-separated text (what spreadsheets put on the system clipboard): rows
 * by newline, cells by tab; a cell holding a tab, newline or quote is quoted with doubled quotes.
 */

/** Text to a grid of cells; a trailing newline (spreadsheets add one) makes no empty row. */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      continue;
    }
    atCellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const quote = (cell: string): string => (/[\t\n\r"]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** A grid of cells to tab-separated text, rows joined by newlines. */
export function serializeClipboard(cells: readonly (readonly string[])[]): string {
  return cells.map((row) => row.map(quote).join('\t')).join('\n');
}
