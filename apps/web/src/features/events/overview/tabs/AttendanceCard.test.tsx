import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fill, INSIGHT_TEXT, type InsightAttendance } from '@eo/contract';
import { renderPage } from '../../../../test/render-page';
import { AttendanceCard } from './AttendanceCard';

const A = INSIGHT_TEXT.attendance;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Answers the attendance call with `result`, and keeps the paths asked. */
function mockAttendance(result: InsightAttendance) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
    paths.push(url.pathname);
    return json({ data: { result } });
  }));
  return paths;
}

const day = (date: string, counts: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => ({ day: date, hour, count: counts[hour] ?? 0 }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Insight tab: attendance', () => {
  it('says how many of the registrants came, with Indonesian grouping and a rounded-down percent', async () => {
    const paths = mockAttendance({ registered: 300_000, checkedIn: 120_001, byHour: day('2026-03-01', { 9: 120_000, 10: 1 }) });
    renderPage(<AttendanceCard eventId="ev-1" />);
    await screen.findByText(fill(A.count, { checkedIn: '120.001', registered: '300.000', percent: 40 }));
    expect(paths).toEqual(['/v1/events/ev-1/insight/attendance']);
  });

  it('names the hourly chart with its days and total for screen readers', async () => {
    mockAttendance({ registered: 300, checkedIn: 120, byHour: [{ day: '2026-02-28', hour: 23, count: 1 }, ...day('2026-03-01', { 9: 100, 10: 19 })] });
    renderPage(<AttendanceCard eventId="ev-1" />);
    const chart = await screen.findByRole('img', { name: fill(INSIGHT_TEXT.chartLabel, { title: A.byHour, from: '2026-02-28', to: '2026-03-01', total: 120 }) });
    expect(chart).toBeTruthy();
    screen.getByText(fill(A.count, { checkedIn: 120, registered: 300, percent: 40 }));
  });

  it('check-ins the day before the event are labelled on the axis with their own day and hour', async () => {
    // Scanned on 1 December at 10:00 (a rehearsal); the event on 2 December.
    mockAttendance({ registered: 40, checkedIn: 34, byHour: [{ day: '2026-12-01', hour: 10, count: 4 }, ...day('2026-12-02', { 9: 30 })] });
    // A phone's card: jsdom lays nothing out, so the chart's box is given its size here.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 300, 320) : new DOMRect();
    });
    renderPage(<AttendanceCard eventId="ev-1" />);
    const chart = await screen.findByRole('img', { name: fill(INSIGHT_TEXT.chartLabel, { title: A.byHour, from: '2026-12-01', to: '2026-12-02', total: 34 }) });
    const ticks = () => [...chart.querySelectorAll('.recharts-xAxis-tick-labels text')].map((t) => t.textContent).filter(Boolean);
    // The labels attendanceBars chose for a 240 px plot, none added or thinned by the axis.
    await waitFor(() => expect(ticks()).toEqual(['1/12 10:00', '2/12 00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00']));
  });

  it('nobody checked in yet: the count at zero and the empty state instead of a chart', async () => {
    mockAttendance({ registered: 25, checkedIn: 0, byHour: day('2026-03-01', {}) });
    renderPage(<AttendanceCard eventId="ev-1" />);
    await screen.findByText(A.empty);
    screen.getByText(fill(A.count, { checkedIn: 0, registered: 25, percent: 0 }));
    expect(screen.queryByRole('img', { name: new RegExp(A.byHour.replace(/[()]/g, '\\$&')) })).toBeNull();
  });
});
