import { describe, expect, it } from 'vitest';
import { guessColumn, parseCsv, readCsvFile, summarizeCsv } from './csv-header';

describe('summarizeCsv', () => {
  it.each([
    ['comma, LF', 'Nama,Email\nBudi,budi@x.id\nSiti,siti@x.id\n', ['Nama', 'Email'], 2, ','],
    ['semicolon (Excel id-ID), CRLF', 'Nama;Email;No Telp\r\nBudi;budi@x.id;0812\r\n', ['Nama', 'Email', 'No Telp'], 1, ';'],
    ['BOM stripped', '\uFEFFFull Name,E-mail\nA,a@x.id', ['Full Name', 'E-mail'], 1, ','],
    ['blank and empty rows not counted', 'name,email\n\nA,a@x.id\n,\n  ,  \nB,b@x.id\n\n', ['name', 'email'], 2, ','],
    ['quoted fields with delimiter, quotes and newline', 'name,email\n"Doe, Jane",j@x.id\n"Say ""hi""",h@x.id\n"Multi\nline",m@x.id\n', ['name', 'email'], 3, ','],
    ['quoted header, semicolons inside quotes ignored for detection', '"Nama; lengkap",Email\nA,a@x.id', ['Nama; lengkap', 'Email'], 1, ','],
    ['header only', 'name,email\n', ['name', 'email'], 0, ','],
    ['empty file', '', [], 0, ','],
    ['header cells trimmed, blanks and duplicates dropped', ' name , email ,,name\nA,a,,', ['name', 'email'], 1, ','],
  ] as const)('%s', (_case, text, columns, total, delimiter) => {
    expect(summarizeCsv(text)).toEqual({ columns, totalRecipient: total, delimiter });
  });

  it('keeps a lone last row without newline', () => {
    expect(parseCsv('a,b\n1,2', ',')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('reads a File', async () => {
    const file = new File(['Nama;Email\nBudi;budi@x.id\n'], 'peserta.csv', { type: 'text/csv' });
    expect(await readCsvFile(file)).toEqual({ columns: ['Nama', 'Email'], totalRecipient: 1, delimiter: ';' });
  });
});

describe('guessColumn', () => {
  it.each([
    [['No', 'Nama', 'Email'], 'name', 'Nama'],
    [['No', 'Nama', 'Email'], 'email', 'Email'],
    [['Full Name', 'E-mail'], 'name', 'Full Name'],
    [['Full Name', 'E-mail'], 'email', 'E-mail'],
    [['Peserta', 'Kontak'], 'name', undefined],
  ] as const)('%j %s → %s', (columns, kind, expected) => {
    expect(guessColumn([...columns], kind)).toBe(expected);
  });
});
