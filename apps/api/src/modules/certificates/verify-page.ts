import type { CertificateVerification } from '@eo/contract';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const wibDate = (iso: string) => new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'Asia/Jakarta' }).format(new Date(iso));

/**
 * The public `/verify/{serial}?t=…` page: plain HTML, no script, readable on any phone. Every
 * typed text is escaped and stays text (no link is ever built from it). Without the token only
 * the serial's existence is shown.
 */
export function verifyPage(found: CertificateVerification | null, serial: string): string {
  const body = found && !found.withToken
    ? `<p class="ok">Sertifikat dengan nomor <strong>${escape(found.serial)}</strong> terdaftar di EO Dashboard.</p>
<p>Untuk melihat nama penerima dan detailnya, buka tautan atau pindai kode QR yang tercetak pada sertifikat.</p>`
    : found
    ? `<p class="ok">Sertifikat ini asli dan diterbitkan melalui EO Dashboard.</p>
<dl>
  <dt>Nomor sertifikat</dt><dd>${escape(found.serial)}</dd>
  <dt>Nama penerima</dt><dd>${escape(found.recipientName ?? '')}</dd>
  <dt>Event</dt><dd>${escape(found.eventName ?? '')}</dd>
  ${found.eventDate ? `<dt>Tanggal event</dt><dd>${wibDate(found.eventDate)}</dd>` : ''}
  <dt>Diterbitkan</dt><dd>${wibDate(found.issuedAt ?? '')}</dd>
</dl>`
    : `<p class="bad">Sertifikat dengan nomor <strong>${escape(serial)}</strong> tidak ditemukan.</p>`;
  return `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verifikasi Sertifikat</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f5f5f7;color:#1f1f1f}
main{max-width:560px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 16px}.ok{color:#237804}.bad{color:#a8071a}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:16px 0 0}dt{color:#666}dd{margin:0;font-weight:600}
</style></head>
<body><main><h1>Verifikasi Sertifikat</h1>${body}</main></body></html>`;
}
