import { describe, expect, it } from 'vitest';
import { CsvFileError, readRecipientsCsv } from './recipients-csv.js';

const cols = { name: 'Nama', email: 'Email' };

describe('readRecipientsCsv', () => {
  it('reads UTF-8 with a BOM, comma separated, in file order', () => {
    const csv = Buffer.from('\uFEFFNama,Email,Kota\nAyu Lestari,ayu@contoh.id,Bandung\nBudi,budi@contoh.id,Depok\n', 'utf8');
    expect(readRecipientsCsv(csv, cols)).toEqual({
      recipients: [{ row: 2, name: 'Ayu Lestari', email: 'ayu@contoh.id' }, { row: 3, name: 'Budi', email: 'budi@contoh.id' }],
      problems: [],
    });
  });

  it('reads semicolon files (spreadsheets in Indonesian locales) with CRLF and no BOM', () => {
    const csv = 'No;Nama;Email\r\n1;Çağla Øster, S.Kom;cagla@contoh.id\r\n2;Dewi;dewi@contoh.id\r\n';
    expect(readRecipientsCsv(csv, cols).recipients).toEqual([
      { row: 2, name: 'Çağla Øster, S.Kom', email: 'cagla@contoh.id' },
      { row: 3, name: 'Dewi', email: 'dewi@contoh.id' },
    ]);
  });

  it('keeps quoted commas, semicolons, doubled quotes and newlines inside one field', () => {
    const csv = 'Email,Nama\n"a@contoh.id","Putri, ""Uti"" Ananda"\nb@contoh.id,"Baris\ndua; tiga"\nc@contoh.id,Citra\n';
    expect(readRecipientsCsv(csv, cols)).toEqual({
      recipients: [
        { row: 2, name: 'Putri, "Uti" Ananda', email: 'a@contoh.id' },
        // A line break inside a name is one space on the certificate; the cell stays one row.
        { row: 3, name: 'Baris dua; tiga', email: 'b@contoh.id' },
        { row: 4, name: 'Citra', email: 'c@contoh.id' },
      ],
      problems: [],
    });
  });

  it('reports rows with an empty name or an invalid email, and goes on', () => {
    const csv = [
      'Nama,Email',
      'Ayu,ayu@contoh.id',
      '  ,kosong@contoh.id',
      'Budi,budi(at)contoh.id',
      'Cici,',
      ',',
      '',
      'Dodi, dodi@contoh.id ',
      ',bukan-email',
      'Eka',
    ].join('\n');
    expect(readRecipientsCsv(csv, cols)).toEqual({
      recipients: [{ row: 2, name: 'Ayu', email: 'ayu@contoh.id' }, { row: 8, name: 'Dodi', email: 'dodi@contoh.id' }],
      problems: [
        { row: 3, reason: 'Nama penerima kosong' },
        { row: 4, reason: 'Email tidak valid: budi(at)contoh.id' },
        { row: 5, reason: 'Email penerima kosong' },
        { row: 9, reason: 'Nama penerima kosong; Email tidak valid: bukan-email' },
        { row: 10, reason: 'Email penerima kosong' },
      ],
    });
  });

  it('finds the chosen columns ignoring case and surrounding spaces', () => {
    const csv = ' NAMA ;E-mail Peserta\nAyu;ayu@contoh.id\n';
    expect(readRecipientsCsv(csv, { name: 'nama', email: 'E-mail Peserta' }).recipients).toEqual([{ row: 2, name: 'Ayu', email: 'ayu@contoh.id' }]);
  });

  it('refuses a file without a chosen column or with a broken quote', () => {
    expect(() => readRecipientsCsv('Nama,Surel\nAyu,ayu@contoh.id\n', cols)).toThrow(new CsvFileError('Kolom Email tidak ada di file CSV'));
    expect(() => readRecipientsCsv('Nama,Email\n"Ayu,ayu@contoh.id\n', cols)).toThrow(CsvFileError);
    expect(() => readRecipientsCsv('', cols)).toThrow(CsvFileError);
  });
});
