import { detectDelimiter } from '@eo/contract';

/**
 * Reads a participant CSV in the browser: its header (the columns offered for name and email)
 * and how many recipients it holds. The server parses the file again when publishing; this is
 * only what the form needs, so a small RFC 4180 reader is enough (quotes, "" escapes, CRLF).
 */
export interface CsvSummary {
  columns: string[];
  totalRecipient: number;
  delimiter: ',' | ';';
}

/** Contract limits of `recipientCsv.columns`. */
const MAX_COLUMNS = 200;
const MAX_COLUMN_CHARS = 200;

/** Every row as its fields. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export function summarizeCsv(raw: string): CsvSummary {
  const text = raw.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  const [header = [], ...data] = parseCsv(text, delimiter);
  const columns = [...new Set(header.map((c) => c.trim().slice(0, MAX_COLUMN_CHARS)).filter(Boolean))].slice(0, MAX_COLUMNS);
  const totalRecipient = data.filter((r) => r.some((f) => f.trim() !== '')).length;
  return { columns, totalRecipient, delimiter };
}

export async function readCsvFile(file: File): Promise<CsvSummary> {
  return summarizeCsv(await file.text());
}

/** A column whose header plainly names the recipient's name or email, to preselect it. */
export function guessColumn(columns: string[], kind: 'name' | 'email'): string | undefined {
  const wanted = kind === 'email' ? ['email', 'e-mail', 'alamat email'] : ['name', 'nama', 'full name', 'nama lengkap'];
  return columns.find((c) => wanted.includes(c.trim().toLowerCase()));
}
