// A small RFC 4180 CSV reader: quoted fields, doubled quotes, commas and newlines inside quotes, CRLF,
// a leading BOM. Returns each record with the 1-based line number it starts on.
export interface CsvRecord {
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  let any = false;
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      any = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      any = true;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      if (any || cells.some((c) => c !== '')) out.push({ line: startLine, cells });
      cells = [];
      cell = '';
      any = false;
      line++;
      startLine = line;
    } else {
      cell += ch;
      any = true;
    }
    i++;
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    out.push({ line: startLine, cells });
  }
  return out;
}
