import { describe, expect, it } from 'vitest';
import { dispositionName } from './download-file';

describe('dispositionName', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(dispositionName('attachment; filename="participants-lomba.csv"', 'x')).toBe('participants-lomba.csv');
    expect(dispositionName('attachment; filename=data.xlsx', 'x')).toBe('data.xlsx');
    expect(dispositionName("attachment; filename*=UTF-8''peserta%20lomba.csv", 'x')).toBe('peserta lomba.csv');
    expect(dispositionName(null, 'fallback.csv')).toBe('fallback.csv');
  });
});
