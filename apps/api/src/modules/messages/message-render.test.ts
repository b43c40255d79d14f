import { describe, expect, it } from 'vitest';
import { mergeValues, renderMessage, textToHtml, type MergeSource } from './message-render.js';

const BASE = 'https://eo.example.id';
const source: MergeSource = {
  name: 'Sari <b>Dewi</b> & "Kawan"', eventName: 'Webinar Karier', ticketName: 'Umum',
  dates: [{ date: '2026-12-01', startHour: '09:00', endHour: '11:00' }], experience: 'online', location: null,
  streamLink: 'https://meet.example.org/karier', eventId: '1', ticketCode: 'ABC',
};

describe('a message as a recipient gets it', () => {
  it('fills every merge field; a name with HTML stays text in the HTML part', () => {
    const mail = renderMessage({ subject: 'Halo {nama}: {event}', body: 'Tiket {tiket}, {tanggal}.\nLink: {lokasi}\n\nE-tiket: {link_tiket} {tidak_ada}' }, mergeValues(source, BASE));
    expect(mail.subject).toBe('Halo Sari <b>Dewi</b> & "Kawan": Webinar Karier');
    expect(mail.text).toBe('Tiket Umum, 1 Desember 2026, 09:00–11:00 WIB.\nLink: https://meet.example.org/karier\n\nE-tiket: https://eo.example.id/e/1/ticket/ABC {tidak_ada}');
    expect(mail.html).not.toContain('<b>Dewi</b>');
    expect(textToHtml('Halo <b>x</b>')).toBe('<p>Halo &#60;b&#62;x&#60;/b&#62;</p>');
  });

  it('paragraphs, line breaks and only http(s) links in the HTML', () => {
    expect(textToHtml('Satu\ndua\n\nLihat https://contoh.id/a?b=1&c=2.\njavascript:alert(1)')).toBe(
      '<p>Satu<br>dua</p>\n<p>Lihat <a href="https://contoh.id/a?b=1&#38;c=2">https://contoh.id/a?b=1&#38;c=2</a>.<br>javascript:alert(1)</p>',
    );
  });

  it('an announcement ends with its sender and the unsubscribe link; an event at a place names its place', () => {
    const mail = renderMessage({ subject: 'S', body: 'B' }, mergeValues({ ...source, experience: 'offline', location: 'Aula' }, BASE), { organizer: 'Komunitas', unsubscribeUrl: 'https://eo.example.id/u/tok' });
    expect(mail.text).toMatch(/^B\n\n--\nPesan ini dikirim oleh Komunitas kepada peserta Webinar Karier .*https:\/\/eo\.example\.id\/u\/tok$/);
    expect(mail.html).toContain('<a href="https://eo.example.id/u/tok">');
    expect(mergeValues({ ...source, experience: 'offline', location: 'Aula' }, BASE).lokasi).toBe('Aula');
  });

  it('a name, event or organizer that carries a link links nowhere, however it is disguised', () => {
    const hostile = { ...source, name: 'KLAIM HADIAH bit\u200B.ly/xyz', eventName: 'Promo ｗｗｗ．ｅｖｉｌ．ｃｏｍ', ticketName: 'hadiah\u3002id' };
    const mail = renderMessage({ subject: 'Halo {nama}', body: 'Halo {nama}, {event}, {tiket}.' }, mergeValues(hostile, BASE), { organizer: 'admin@bank.co.id', unsubscribeUrl: 'https://eo.example.id/u/tok' });
    expect(mail.subject).toBe('Halo KLAIM HADIAH bit[.]ly/xyz');
    expect(mail.text).toContain('Halo KLAIM HADIAH bit[.]ly/xyz, Promo www[.]evil[.]com, hadiah[.]id.');
    expect(mail.text).toContain('admin[at]bank[.]co[.]id');
    // The only links left are the ones the app writes: the unsubscribe link.
    expect([...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['https://eo.example.id/u/tok']);
  });
});
