import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ATTENDANCE_MSG, CHECKIN_TEXT as T, fill, type AttendanceCode } from '@eo/contract';
import { eventDetailFixture } from '../../../test/event-detail';
import { json, mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { CheckinPage } from '../CheckinPage';

const URL_CODE = '/v1/events/e1/attendance-code';
const code = (over: Partial<AttendanceCode> = {}): AttendanceCode => ({
  code: 'HADIR26', opensAt: new Date(Date.now() - 600_000).toISOString(), closesAt: new Date(Date.now() + 3_000_000).toISOString(),
  setBy: 'Ani', updatedAt: new Date().toISOString(), sessionId: null, attended: 12, ...over,
});

function open(experience: string | null, current: AttendanceCode | null, put?: (init: RequestInit) => Response) {
  const api = mockApi({
    'GET /v1/events/detail': () => json(200, { data: { result: eventDetailFixture({ id: 'e1', name: 'Webinar Karier', experience }) } }),
    'GET /v1/events/e1/checkins/summary': () => json(200, { data: { result: { registered: 0, checkedIn: 0, byTicket: [], recent: [] } } }),
    [`GET ${URL_CODE}`]: () => json(200, { data: { result: current } }),
    [`PUT ${URL_CODE}`]: (_u, init) => put?.(init),
  });
  return { ...api, ...renderPage(<CheckinPage />, { path: '/event/:id/checkin', route: '/event/e1/checkin' }) };
}
afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });

describe('Kode Presensi on the check-in screen', () => {
  it('an online event shows its code large, the window, the state and how many attended', async () => {
    open('online', code());
    expect((await screen.findByText('HADIR26')).className).toBe('checkin-attendance-code');
    screen.getByRole('heading', { name: T.attendanceTitle });
    screen.getByText(T.attendanceStateOpen);
    screen.getByText(fill(T.attendanceCount, { n: 12 }));
    screen.getByRole('button', { name: T.attendanceCloseNow });
  });

  it('an event at a place has none (and never asks for it)', async () => {
    const { calls } = open('offline', null);
    await screen.findByText('Webinar Karier');
    expect(screen.queryByRole('heading', { name: T.attendanceTitle })).toBeNull();
    expect(calls().some((c) => c.key === `GET ${URL_CODE}`)).toBe(false);
  });

  it('creates a code: a random one offered, the window in WIB sent as instants, then shown', async () => {
    let sent: Record<string, string> = {};
    const { user } = open('online', null, (init) => {
      sent = JSON.parse(String(init.body));
      return json(200, { data: { result: code({ code: sent.code, opensAt: sent.opensAt, closesAt: sent.closesAt, attended: 0 }) }, message: ATTENDANCE_MSG.saved });
    });
    await user.click(await screen.findByRole('button', { name: T.attendanceNew }));
    const field = screen.getByLabelText(T.attendanceCode);
    expect((field as HTMLInputElement).value).toMatch(/^[A-Z2-9]{8}$/);
    await user.clear(field);
    await user.type(field, 'webinar1');
    await user.clear(screen.getByLabelText(T.attendanceOpens));
    await user.type(screen.getByLabelText(T.attendanceOpens), '2026-11-24T09:00');
    await user.clear(screen.getByLabelText(T.attendanceCloses));
    await user.type(screen.getByLabelText(T.attendanceCloses), '2026-11-24T10:30');
    await user.click(screen.getByRole('button', { name: T.attendanceSave }));
    await waitFor(() => expect(sent).toEqual({ code: 'WEBINAR1', opensAt: '2026-11-24T02:00:00.000Z', closesAt: '2026-11-24T03:30:00.000Z' }));
    await screen.findByText('WEBINAR1');
  });

  it('shows the server\'s refusal', async () => {
    const { user } = open('online', null, () => json(400, { message: ATTENDANCE_MSG.windowOrder, messageId: 'VALIDATION_ERROR' }));
    await user.click(await screen.findByRole('button', { name: T.attendanceNew }));
    await user.click(screen.getByRole('button', { name: T.attendanceSave }));
    expect((await screen.findByRole('alert')).textContent).toBe(fill(T.attendanceFailed, { reason: ATTENDANCE_MSG.windowOrder }));
  });
});
