import type { ReviewDecision } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';

export interface DecisionMailInput {
  to: string;
  organizerName: string;
  eventId: string;
  eventName: string;
  decision: ReviewDecision;
  reason: string | null;
  /** Where the dashboard is (`PUBLIC_URL`): the only link in the mail, never anything typed. */
  publicUrl: string;
  decidedAt: Date;
}

/**
 * The organizer's mail about the admin's decision. Plain text: the event name and the reason
 * are quoted as typed and never become links.
 */
export function decisionMail(m: DecisionMailInput): OutgoingMail {
  const approved = m.decision === 'approved';
  const overview = `${m.publicUrl}/event/active/overview/${m.eventId}`;
  const lines = approved
    ? [
      `Event "${m.eventName}" telah disetujui dan sekarang tampil di platform. Pendaftaran di platform sudah dibuka.`,
    ]
    : [
      `Event "${m.eventName}" belum dapat kami setujui, sehingga belum tampil di platform dan belum menerima pendaftaran.`,
      '',
      'Alasan dari admin:',
      m.reason ?? '',
      '',
      'Perbaiki event lewat tombol EDIT EVENT lalu simpan: event akan ditinjau kembali.',
    ];
  return {
    to: m.to,
    subject: approved ? 'Event kamu disetujui' : 'Event kamu belum disetujui',
    text: [`Halo ${m.organizerName},`, '', ...lines, '', `Lihat event di dashboard: ${overview}`].join('\n'),
    // One mail per decision: a retried request after a lost answer does not mail twice.
    idempotencyKey: `review-${m.eventId}-${m.decision}-${m.decidedAt.getTime()}`,
  };
}
