import { PassThrough, pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { WIB_OFFSET_MS, type ExportFormat } from '@eo/contract';

/** A spreadsheet cell: text or an integer (counts, rupiah). */
export type Cell = string | number | null | undefined;

export interface TableExport {
  /** Without extension: `participants-lomba-debat`. */
  basename: string;
  sheetName: string;
  headers: string[];
  /** Pulled one at a time, so the producer can read the database in batches as the client reads. */
  rows: AsyncIterable<Cell[]>;
}

/**
 * A formula start (`= + - @`, or a full-width form some programs fold to them) behind anything a
 * spreadsheet program may skip first: whitespace of any kind (`\s`: space, tab, CR, LF, no-break
 * and the other Unicode spaces, BOM) and invisible zero-width characters and joiners. Or a
 * leading tab/CR/LF on its own, which some programs strip.
 */
const RISKY = /^(?:[\s\u180e\u200b-\u200f\u2060-\u2064\ufeff]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r\n])/;

/**
 * A spreadsheet program runs a cell that starts with `= + - @` as a formula, also behind
 * leading blanks or invisible characters; a leading `'` makes it plain text (OWASP CSV
 * injection). For CSV, where a cell has no type.
 */
export function neutralise(text: string): string {
  return RISKY.test(text) ? `'${text}` : text;
}

const cellOut = (c: Cell): string | number => (typeof c === 'number' ? c : neutralise(c ?? ''));

/**
 * XLSX cells carry a type: text is written as a string cell (never a formula, which is its own
 * element) with the Text number format `@`, so it shows as typed, `+62…` included, and stays
 * text even when the user edits the cell. No `'` prefix, which Excel would show.
 */
function addXlsxRow(sheet: import('exceljs').Worksheet, cells: Cell[]) {
  const row = sheet.addRow(cells.map((c) => (typeof c === 'number' ? c : (c ?? ''))));
  cells.forEach((c, i) => {
    if (typeof c !== 'number') row.getCell(i + 1).numFmt = '@';
  });
  row.commit();
}

/** Same month names as the web app (dayjs `id` locale). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agt', 'Sep', 'Okt', 'Nov', 'Des'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `21 Nov 2026 17:58`: spec section 9's 'D MMM YYYY HH:mm' in WIB (fixed UTC+7). */
export function wibDateTime(at: Date): string {
  const d = new Date(at.getTime() + WIB_OFFSET_MS);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** ASCII file-name part from an event name; the header's quoted filename allows nothing fancier. */
export function fileSlug(name: string, fallback = 'event'): string {
  const slug = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return slug || fallback;
}

async function* csvRows(t: TableExport) {
  yield t.headers.map(cellOut);
  for await (const row of t.rows) yield row.map(cellOut);
}

function csvStream(t: TableExport, onError: (err: Error) => void): Readable {
  // BOM: Excel reads the file as UTF-8 only with it (Indonesian names with accents).
  const out = stringify({ bom: true });
  // Readable.from pulls the generator only as fast as the client reads; a client that goes
  // away destroys the pipeline, which returns the generator and stops the queries.
  pipeline(Readable.from(csvRows(t)), out, (err) => err && onError(err));
  return out;
}

const drainOrClose = (s: PassThrough) => new Promise<void>((resolve) => {
  const done = () => {
    s.off('drain', done);
    s.off('close', done);
    resolve();
  };
  s.on('drain', done);
  s.on('close', done);
});

async function xlsxStream(t: TableExport, onError: (err: Error) => void): Promise<Readable> {
  // Loaded on first use: exceljs adds some 20 MB to every API process that never exports XLSX.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  // No shared strings: they would be kept in memory until the end. Styles: the one Text format.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(t.sheetName.slice(0, 31));
  (async () => {
    addXlsxRow(sheet, t.headers);
    for await (const row of t.rows) {
      if (out.destroyed) return;
      addXlsxRow(sheet, row);
      // The zip writer does not push back: wait here while the client is behind.
      if (out.writableNeedDrain) await drainOrClose(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: Error) => {
    onError(err);
    out.destroy(err);
  });
  return out;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Streams the table as a download: memory stays flat whatever the row count. */
export async function sendTable(reply: FastifyReply, format: ExportFormat, t: TableExport) {
  const onError = (err: Error) => reply.log.error({ err }, 'export failed mid-stream');
  const body = format === 'xlsx' ? await xlsxStream(t, onError) : csvStream(t, onError);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${t.basename}.${format}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * Batches of a keyset-paged source; `fetch` gets the previous batch's last row (undefined
 * first). The next batch is already being read while the consumer handles this one: with a
 * PostgreSQL server the database and the formatting then run side by side.
 */
export async function* keysetBatches<R>(fetch: (last: R | undefined) => PromiseLike<R[]>, size: number): AsyncGenerator<R[]> {
  // Drizzle's queries are lazy thenables: Promise.resolve sends them off right away.
  const start = (last: R | undefined) => Promise.resolve(fetch(last));
  let pending = start(undefined);
  try {
    for (;;) {
      const rows = await pending;
      if (rows.length < size) {
        if (rows.length) yield rows;
        return;
      }
      pending = start(rows[rows.length - 1]);
      yield rows;
    }
  } finally {
    // A consumer that stops early leaves one read in flight: its outcome no longer matters.
    pending.catch(() => undefined);
  }
}
