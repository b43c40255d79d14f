import { LinkifyIt } from 'linkify-it';
import { describe, expect, it } from 'vitest';
import { hasLink, unlinkable } from './unlinkable.js';

const finder = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });

describe('unlinkable', () => {
  it('defangs every link a mail client would make of typed text, and leaves names alone', () => {
    const hostile = [
      'www.hadiah-gratis.com', 'https://bank.example/login', 'klik bit.ly/abc sekarang', 'admin@bank-bri.co.id',
      'Menang!http://x.id', 'HTTP://EVIL.COM', '192.168.1.1/login', 'hadiah.id',
    ];
    for (const text of hostile) {
      expect(hasLink(text), text).toBe(true);
      const safe = unlinkable(text);
      expect(finder.test(safe), `${text} → ${safe}`).toBe(false);
    }
    expect(unlinkable('www.hadiah-gratis.com')).toBe('www[.]hadiah-gratis[.]com');
    // Disguised: full-width letters and dots, ideographic full stops, zero-width characters.
    const disguised = ['ｂｉｔ．ｌｙ/ａｂｃ', 'hadiah\u3002com', 'hadiah\uFF61id/x', 'bit\u200B.\u200Bly/abc', 'evil\u2060.com', 'w\uFEFFww.evil.com'];
    for (const text of disguised) {
      expect(hasLink(text), text).toBe(true);
      expect(finder.test(unlinkable(text).replace(/[\u200B\u2060\uFEFF]/g, '')), text).toBe(false);
    }
    expect(unlinkable('bit\u200B.\u200Bly/abc')).toBe('bit[.]ly/abc');
    for (const name of ['Ayu Lestari', 'Dr. A.B. Santoso, S.T.', "Siti Nur'aini", 'Budi (Ketua)', 'Ａｙｕ。']) {
      expect(hasLink(name), name).toBe(false);
      expect(unlinkable(name)).toBe(name.normalize('NFKC').replace('。', '.'));
    }
  });
});
