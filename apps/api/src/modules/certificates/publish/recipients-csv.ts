import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { CERT_CSV_MSG, detectDelimiter, fill } from '@eo/contract';
import { hasLink } from '../../../lib/unlinkable.js';

export interface CsvRecipient { row: number; name: string; email: string }
export interface CsvProblem { row: number; reason: string }

/** The file as a whole cannot be used (broken, or without the chosen columns); `row` 0 means the file. */
export class CsvFileError extends Error {}

const emailSchema = z.email().max(254);
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const lengthOf = (text: string) => [...graphemes.segment(text)].length;

/**
 * Why a name and email cannot be put on a certificate and mailed (none: they can). The same
 * rules for a CSV row and an attendee's registration.
 */
export function recipientProblems(name: string, email: string, opts: { maxName?: number } = {}): string[] {
  const reasons: string[] = [];
  if (!name) reasons.push(CERT_CSV_MSG.nameEmpty);
  // Refused rather than cut: a certificate and a verify page must never show a shortened name
  // as if it were the person's, and a 1,000-character "name" is a message, not a name.
  else if (opts.maxName !== undefined && lengthOf(name) > opts.maxName) reasons.push(fill(CERT_CSV_MSG.nameTooLong, { max: String(opts.maxName) }));
  else if (hasLink(name)) reasons.push(CERT_CSV_MSG.nameLink);
  if (!email) reasons.push(CERT_CSV_MSG.emailEmpty);
  else if (!emailSchema.safeParse(email).success) reasons.push(fill(CERT_CSV_MSG.emailInvalid, { email: email.slice(0, 100) }));
  return reasons;
}

/** Exact header first, then ignoring case and surrounding spaces. */
function columnIndex(header: string[], column: string): number {
  const exact = header.indexOf(column);
  if (exact >= 0) return exact;
  const want = column.trim().toLowerCase();
  return header.findIndex((h) => h.trim().toLowerCase() === want);
}

/**
 * The recipients of a certificate CSV, in file order. `row` is the spreadsheet row (the header
 * is row 1; blank lines count, a quoted multi-line cell stays one row). Rows with an empty name
 * (or one longer than `maxName`, or holding a link) or an invalid email are reported, not fatal; a file that cannot be read or lacks a chosen
 * column throws CsvFileError.
 */
export function readRecipientsCsv(
  data: Buffer | string, columns: { name: string; email: string }, opts: { maxName?: number } = {},
): { recipients: CsvRecipient[]; problems: CsvProblem[] } {
  const text = (typeof data === 'string' ? data : new TextDecoder('utf-8').decode(data)).replace(/^\uFEFF/, '');
  const problems: CsvProblem[] = [];
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (e) {
    throw new CsvFileError(fill(CERT_CSV_MSG.unreadable, { error: e instanceof Error ? e.message : String(e) }));
  }
  const [header = []] = records;
  const nameAt = columnIndex(header, columns.name);
  const emailAt = columnIndex(header, columns.email);
  for (const [at, column] of [[nameAt, columns.name], [emailAt, columns.email]] as const) {
    if (at < 0) throw new CsvFileError(fill(CERT_CSV_MSG.column, { column }));
  }

  const recipients: CsvRecipient[] = [];
  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    if (record.every((cell) => cell.trim() === '')) return; // blank line
    const name = (record[nameAt] ?? '').trim().replace(/\s+/g, ' ');
    const email = (record[emailAt] ?? '').trim();
    const reasons = recipientProblems(name, email, opts);
    if (reasons.length) problems.push({ row, reason: reasons.join('; ') });
    else recipients.push({ row, name, email });
  });
  return { recipients, problems };
}
