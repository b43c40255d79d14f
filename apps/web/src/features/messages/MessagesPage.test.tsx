import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BROADCAST_ID, BROADCAST_MSG as M, BROADCAST_TEXT as T, fill, formatWibDateTime, type EventDetail, type MessageDetail, type MessageListItem,
  type MessagePreview, type OrgRole, type Reminders, WHATSAPP_TEXT as W, type WhatsAppSummary,
} from '@eo/contract';
import { eventDetailFixture } from '../../test/event-detail';
import { json, mockApi } from '../../test/mock-api';
import { actAs, forgetOrganization } from '../../test/organizations';
import { renderPage } from '../../test/render-page';
import { MessagesPage } from './MessagesPage';

const BASE = '/v1/events/e1';
const tickets = [{ id: 't1', name: 'VIP' }, { id: 't2', name: 'Reguler' }] as unknown as EventDetail['tickets'];

const item = (over: Partial<MessageListItem> = {}): MessageListItem => ({
  id: 'm1', kind: 'announcement', subject: 'Info parkir', audience: { attendance: 'all' }, ticketNames: [], status: 'sent',
  sendAt: '2026-11-24T02:00:00.000Z', createdAt: '2026-11-24T02:00:00.000Z', finishedAt: '2026-11-24T02:01:00.000Z',
  sentBy: 'Budi', recipients: 40, counts: { queued: 0, sent: 38, failed: 1, bounced: 1 }, whatsapp: null, ...over,
});
const page = (docs: MessageListItem[]) => ({ data: { docs, page: 1, limit: 10, totalDocs: docs.length, totalPages: 1 } });
const preview = (over: Partial<MessagePreview> = {}): MessagePreview => ({
  subject: 'Info parkir untuk Sari', text: 'Halo Sari', html: '<p>Halo <b>Sari</b></p><script>parent.hacked = 1</script>', sample: 'Sari Dewi', ...over,
});
const reminders = (over: Partial<Reminders> = {}): Reminders => ({
  dayBefore: true, hourBefore: false, online: true,
  previews: { dayBefore: preview({ subject: 'Pengingat: Konser besok', html: '<p>besok</p>' }), hourBefore: preview({ subject: 'Satu jam lagi: Konser', html: '<p>sejam</p>' }) },
  ...over,
});

interface Setup {
  role?: OrgRole;
  history?: () => MessageListItem[];
  detail?: MessageDetail;
  reminders?: Reminders;
  create?: (body: unknown) => Response;
  put?: (body: unknown) => Response;
  whatsapp?: WhatsAppSummary;
}

function open({ role = 'owner', history = () => [], detail, reminders: rem = reminders(), create, put, whatsapp = { enabled: false, kinds: [] } }: Setup = {}) {
  const api = mockApi({
    'GET /v1/events/detail': () => json(200, { data: { result: eventDetailFixture({ id: 'e1', name: 'Konser Kampus', tickets }) } }),
    [`GET ${BASE}/messages/audience`]: (url) => json(200, { data: { result: { recipients: url.searchParams.get('ticketIds') === 't1' ? (url.searchParams.get('attendance') === 'notCheckedIn' ? 3 : 5) : 42 } } }),
    [`POST ${BASE}/messages/preview`]: () => json(200, { data: { result: preview() } }),
    [`POST ${BASE}/messages/test`]: () => json(200, { data: { email: 'budi@panitia.id' }, message: fill(M.testSent, { email: 'budi@panitia.id' }) }),
    [`POST ${BASE}/messages`]: (_u, init) => create?.(JSON.parse(String(init.body))),
    [`GET ${BASE}/messages`]: () => json(200, page(history())),
    ...(detail ? { [`GET ${BASE}/messages/${detail.id}`]: () => json(200, { data: { result: detail } }) } : {}),
    [`DELETE ${BASE}/messages/m9`]: () => new Response(null, { status: 204 }),
    [`GET ${BASE}/reminders`]: () => json(200, { data: { result: rem } }),
    [`GET ${BASE}/messages/whatsapp`]: () => json(200, { data: { result: whatsapp } }),
    [`PUT ${BASE}/reminders`]: (_u, init) => put?.(JSON.parse(String(init.body))),
  });
  const rendered = renderPage(<MessagesPage />, { path: '/event/:id/messages', route: '/event/e1/messages' });
  actAs(rendered.client, role);
  return { ...api, ...rendered };
}

const sentBodies = (calls: ReturnType<typeof mockApi>['calls'], key: string) =>
  calls().filter((c) => c.key === key).map((c) => JSON.parse(String(c.init?.body)) as unknown);

/** The compose form's own buttons (a closing dialog's buttons stay in the DOM a while in jsdom). */
const compose = () => within(screen.getByRole('heading', { name: T.compose }).closest('section')!);
/**
 * An open confirmation by its title (antd's dialogs in tests all share the id their names point
 * at, and a closed one stays in the DOM while it leaves).
 */
const confirmation = async (title: string) => within(await waitFor(() => {
  const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter((d) => !d.className.includes('-leave') && d.textContent?.includes(title));
  if (!open.length) throw new Error(`no dialog ${title}`);
  return open.at(-1)!;
}));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

describe('Pesan: compose', () => {
  it('counts the audience live, previews in a sandboxed frame, and sends after a confirmation naming the count', async () => {
    let created: unknown;
    const { user, calls } = open({
      create: (body) => { created = body; return json(201, { data: { result: { id: 'm2', status: 'sending', recipients: 3 } }, message: M.created }); },
    });
    await screen.findByText(fill(T.recipients, { n: 42 }));

    // The audience: VIP only, not checked in; the count follows.
    await user.click(screen.getByRole('checkbox', { name: 'VIP' }));
    await screen.findByText(fill(T.recipients, { n: 5 }));
    await user.click(screen.getByRole('radio', { name: T.attendanceNotCheckedIn }));
    await screen.findByText(fill(T.recipients, { n: 3 }));
    const audienceCall = calls().filter((c) => c.key === `GET ${BASE}/messages/audience`).at(-1)!;
    expect(Object.fromEntries(audienceCall.url.searchParams)).toEqual({ ticketIds: 't1', attendance: 'notCheckedIn' });

    await user.type(screen.getByLabelText(T.subject), 'Info parkir');
    await user.type(screen.getByLabelText(T.body), 'Halo ');
    // A merge field goes in where the cursor was.
    await user.click(screen.getByRole('button', { name: fill(T.insertField, { field: '{nama}' }) }));
    await user.type(screen.getByLabelText(T.body), ', parkir di gedung B.');
    expect((screen.getByLabelText(T.body) as HTMLTextAreaElement).value).toBe('Halo {nama}, parkir di gedung B.');

    await user.click(screen.getByRole('button', { name: T.preview }));
    const frame = (await screen.findByTitle(T.previewTitle)) as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(preview().html);
    screen.getByText('Info parkir untuk Sari');
    screen.getByText(fill(T.previewSample, { name: 'Sari Dewi' }));
    // The server's HTML is never part of the page itself.
    expect(document.querySelector('b')).toBeNull();
    expect(sentBodies(calls, `POST ${BASE}/messages/preview`)).toEqual([
      { subject: 'Info parkir', body: 'Halo {nama}, parkir di gedung B.', audience: { ticketIds: ['t1'], attendance: 'notCheckedIn' } },
    ]);
    await user.click((await confirmation(T.previewTitle)).getByRole('button', { name: 'OK' }));

    await user.click(compose().getByRole('button', { name: T.send }));
    const dialog = await confirmation(fill(T.confirmSend, { n: 3 }));
    expect(created).toBeUndefined();
    await user.click(dialog.getByRole('button', { name: T.send }));
    await waitFor(() => expect(created).toEqual({
      subject: 'Info parkir', body: 'Halo {nama}, parkir di gedung B.', audience: { ticketIds: ['t1'], attendance: 'notCheckedIn' },
    }));
    await screen.findByText(M.created);
    await waitFor(() => expect((screen.getByLabelText(T.subject) as HTMLInputElement).value).toBe(''));
  });

  it('sends a test copy to the sender and shows the API\'s message', async () => {
    const { user, calls } = open();
    await user.type(await screen.findByLabelText(T.subject), 'Uji');
    await user.type(screen.getByLabelText(T.body), 'Isi uji');
    await user.click(screen.getByRole('button', { name: T.test }));
    await screen.findByText(fill(M.testSent, { email: 'budi@panitia.id' }));
    expect(sentBodies(calls, `POST ${BASE}/messages/test`)).toEqual([{ subject: 'Uji', body: 'Isi uji' }]);
  });

  it('schedules at a WIB time: the instant sent, the time named in the confirmation', async () => {
    let created: unknown;
    const { user } = open({
      create: (body) => { created = body; return json(201, { data: { result: { id: 'm3', status: 'scheduled', recipients: 42 } }, message: M.scheduled }); },
    });
    await screen.findByText(fill(T.recipients, { n: 42 }));
    await user.type(screen.getByLabelText(T.subject), 'Besok');
    await user.type(screen.getByLabelText(T.body), 'Sampai jumpa');
    await user.click(screen.getByRole('radio', { name: T.later }));
    const field = screen.getByLabelText(T.sendAt);
    fireEvent.change(field, { target: { value: '2099-12-01T19:30' } });
    await user.click(compose().getByRole('button', { name: T.schedule }));
    const iso = '2099-12-01T12:30:00.000Z';
    const dialog = await confirmation(fill(T.confirmSchedule, { n: 42, time: formatWibDateTime(new Date(iso)) }));
    await user.click(dialog.getByRole('button', { name: T.schedule }));
    await waitFor(() => expect(created).toEqual({ subject: 'Besok', body: 'Sampai jumpa', audience: { attendance: 'all' }, sendAt: iso }));
    await screen.findByText(M.scheduled);
  });

  it('checks the fields first, and shows the server\'s refusals under the fields and the daily cap as an alert', async () => {
    let answer = json(400, { message: M.sendAtPast, messageId: 'VALIDATION_ERROR', errors: [{ path: 'subject', message: M.subjectTooLong }, { path: 'sendAt', message: M.sendAtPast }] });
    const { user, calls } = open({ create: () => answer });
    await screen.findByText(fill(T.recipients, { n: 42 }));
    await user.click(compose().getByRole('button', { name: T.send }));
    screen.getByText(M.subjectRequired);
    screen.getByText(M.bodyRequired);
    await user.type(screen.getByLabelText(T.subject), 'Halo');
    await user.type(screen.getByLabelText(T.body), 'Isi');
    await user.click(compose().getByRole('button', { name: T.send }));
    await user.click((await confirmation(fill(T.confirmSend, { n: 42 }))).getByRole('button', { name: T.send }));
    await screen.findByText(M.subjectTooLong);
    expect(screen.getByLabelText(T.subject).getAttribute('aria-describedby')).toBe('pesan-subject-error');
    screen.getByText(M.sendAtPast);

    const cap = fill(M.dailyCap, { cap: 2000, left: 10 });
    answer = json(429, { message: cap, messageId: BROADCAST_ID.dailyCap });
    // (antd's loading icon leaves with a motion jsdom never ends: its label stays in the name.)
    const again = compose().getByRole('button', { name: new RegExp(`${T.send}$`) });
    // A click while the button still shows the first send's loading state is swallowed (as it
    // would be for a person): the second send waits until the button is ready.
    await waitFor(() => expect(again.className).not.toContain('ant-btn-loading'));
    await user.click(again);
    await user.click((await confirmation(fill(T.confirmSend, { n: 42 }))).getByRole('button', { name: T.send }));
    expect((await screen.findByRole('alert')).textContent).toContain(fill(T.failed, { reason: cap }));
    expect(calls().filter((c) => c.key === `POST ${BASE}/messages`)).toHaveLength(2);
  });

  it('a role that only reads sees no compose form, the read-only note, the history and no cancel', async () => {
    open({ role: 'staff', history: () => [item({ id: 'm9', status: 'scheduled', sendAt: '2099-01-01T01:00:00.000Z' })] });
    await screen.findByText(T.readOnly);
    await screen.findByText('Info parkir');
    expect(screen.queryByRole('heading', { name: T.compose })).toBeNull();
    expect(screen.queryByLabelText(T.subject)).toBeNull();
    expect(screen.queryByRole('button', { name: T.cancel })).toBeNull();
    await waitFor(() => expect((screen.getByRole('switch', { name: T.dayBefore }) as HTMLInputElement).disabled).toBe(true));
  });
});

describe('Pesan: history', () => {
  it('shows kind, audience, sender, WIB time and a progress while sending, polling until done, then the counts', async () => {
    let polls = 0;
    const sending = item({ status: 'sending', recipients: 40, counts: { queued: 30, sent: 10, failed: 0, bounced: 0 }, ticketNames: ['VIP'], audience: { ticketIds: ['t1'], attendance: 'checkedIn' }, finishedAt: null });
    open({ history: () => (++polls < 2 ? [sending, item({ id: 'r1', kind: 'reminderDay', subject: 'Pengingat: Konser besok', sentBy: null })] : [{ ...sending, status: 'sent', counts: { queued: 0, sent: 38, failed: 1, bounced: 1 } }]) });
    await screen.findByText(fill(T.progress, { sent: 10, total: 40 }));
    screen.getByText(T.kind.announcement);
    screen.getByText(T.kind.reminderDay);
    screen.getByText(T.status.sending);
    screen.getByText(`VIP · ${T.attendanceCheckedIn}`);
    screen.getByText(T.automatic);
    expect(screen.getAllByText(formatWibDateTime(new Date('2026-11-24T02:00:00.000Z'))).length).toBe(2);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');
    // Polled every ~3 s while one is sending.
    await screen.findByText(fill(T.counts, { sent: 38, failed: 1, bounced: 1 }), {}, { timeout: 5000 });
    screen.getByText(T.status.sent);
  }, 10_000);

  it('opens a message: its body and the failed addresses with the reason', async () => {
    const detail: MessageDetail = { ...item(), body: 'Halo {nama},\nparkir di gedung B.', failures: [{ email: 'x@contoh.id', name: 'Andi', reason: M.optedOut }] };
    const { user } = open({ history: () => [item()], detail });
    await user.click(await screen.findByRole('button', { name: 'Info parkir' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/parkir di gedung B\./);
    within(dialog).getByText(T.failures);
    within(dialog).getByText('Andi <x@contoh.id>');
    within(dialog).getByText(M.optedOut);
  });

  it('cancels a scheduled message after a confirmation', async () => {
    let cancelled = false;
    const { user, calls } = open({ history: () => [item({ id: 'm9', status: 'scheduled', sendAt: '2099-01-01T01:00:00.000Z', counts: { queued: 0, sent: 0, failed: 0, bounced: 0 } })] });
    await user.click(await screen.findByRole('button', { name: T.cancel }));
    const dialog = await confirmation(T.cancelConfirm);
    expect(calls().some((c) => c.key === `DELETE ${BASE}/messages/m9`)).toBe(false);
    await user.click(dialog.getByRole('button', { name: T.cancel }));
    await waitFor(() => { cancelled = calls().some((c) => c.key === `DELETE ${BASE}/messages/m9`); expect(cancelled).toBe(true); });
    await screen.findByText(M.cancelled);
  });
});

describe('Pesan: WhatsApp', () => {
  it('shows each kind\'s WhatsApp statuses beside the mails, and a reminder\'s own counts in the history', async () => {
    const counts = (sent: number, delivered: number, read: number, failed: number, queued = 0) => ({ queued, sent, delivered, read, failed });
    open({
      history: () => [item({ id: 'r1', kind: 'reminderDay', subject: 'Pengingat: Konser besok', sentBy: null, whatsapp: counts(12, 9, 4, 1) })],
      whatsapp: { enabled: true, kinds: [{ kind: 'ticket', counts: counts(30, 28, 20, 2, 3) }, { kind: 'reminderDay', counts: counts(12, 9, 4, 1) }] },
    });
    await screen.findByText(fill(W.counts, { sent: 12, delivered: 9, read: 4, failed: 1 }));
    // Beside the mail counts of the same reminder.
    screen.getByText(fill(T.counts, { sent: 38, failed: 1, bounced: 1 }));
    const card = screen.getByRole('region', { name: W.historyTitle });
    const table = within(card).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([W.colKind, W.sent, W.delivered, W.read, W.failed]);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([['30', '28', '20', '2'], ['12', '9', '4', '1']]);
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual([`${W.kind.ticket} · ${W.queued} 3`, W.kind.reminderDay]);
  });

  it('says none has gone yet where WhatsApp is on, and shows nothing of it where the server sends none', async () => {
    open({ whatsapp: { enabled: true, kinds: [] } });
    await screen.findByText(W.none);
    cleanup();
    open();
    await screen.findByText(T.historyEmpty);
    await waitFor(() => expect(screen.queryByRole('region', { name: W.historyTitle })).toBeNull());
    expect(screen.queryByText(W.none)).toBeNull();
  });
});

describe('Pesan: automatic reminders', () => {
  it('turns the hour-before reminder on (the body sent), and shows what each sends', async () => {
    let sent: unknown;
    const { user } = open({ put: (body) => { sent = body; return json(200, { data: { result: reminders({ hourBefore: true }) }, message: M.remindersSaved }); } });
    const hour = await screen.findByRole('switch', { name: T.hourBefore });
    expect((hour as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: T.dayBefore }) as HTMLInputElement).checked).toBe(true);
    await user.click(hour);
    await waitFor(() => expect(sent).toEqual({ dayBefore: true, hourBefore: true }));
    await screen.findByText(M.remindersSaved);
    await waitFor(() => expect((screen.getByRole('switch', { name: T.hourBefore }) as HTMLInputElement).checked).toBe(true));
    await user.click(screen.getByRole('button', { name: `${T.showReminder}: ${T.dayBefore}` }));
    await screen.findByText('Pengingat: Konser besok');
    expect((screen.getByTitle(T.previewTitle) as HTMLIFrameElement).getAttribute('srcdoc')).toBe('<p>besok</p>');
  });

  it('an event that is not online cannot have the hour-before reminder', async () => {
    open({ reminders: reminders({ online: false, previews: { dayBefore: preview(), hourBefore: null } }) });
    const hour = await screen.findByRole('switch', { name: T.hourBefore });
    expect((hour as HTMLInputElement).disabled).toBe(true);
    screen.getByText(T.hourBeforeOffline);
    expect(screen.queryByRole('button', { name: `${T.showReminder}: ${T.hourBefore}` })).toBeNull();
    expect((screen.getByRole('switch', { name: T.dayBefore }) as HTMLInputElement).disabled).toBe(false);
  });
});
