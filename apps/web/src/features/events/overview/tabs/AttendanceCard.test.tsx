import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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

afterEach(() => vi.unstubAllGlobals());

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

  it('nobody checked in yet: the count at zero and the empty state instead of a chart', async () => {
    mockAttendance({ registered: 25, checkedIn: 0, byHour: day('2026-03-01', {}) });
    renderPage(<AttendanceCard eventId="ev-1" />);
    await screen.findByText(A.empty);
    screen.getByText(fill(A.count, { checkedIn: 0, registered: 25, percent: 0 }));
    expect(screen.queryByRole('img', { name: new RegExp(A.byHour.replace(/[()]/g, '\\$&')) })).toBeNull();
  });
});
