import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INSIGHT_TEXT, TRACKING_LINK_TEXT } from '@eo/contract';
import { renderPage } from '../../../../test/render-page';
import { InsightTab } from './InsightTab';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Every insight request's path; zero series (the chart shows No Data) and empty groups. */
function mockInsight(count = 0, links: object[] = []) {
  const paths: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
    paths.push(url.pathname);
    if (/\/insight\/(education|gender)$/.test(url.pathname)) return json({ data: { result: [] } });
    if (url.pathname.endsWith('/insight/attendance')) return json({ data: { result: { registered: 0, checkedIn: 0, byHour: [] } } });
    if (url.pathname.endsWith('/insight/links')) return json({ data: { docs: links } });
    const name = url.pathname.endsWith('/insight/twibbon') ? 'Twibbon' : 'Views';
    return json({ data: { result: [{ time: '2025-03-10', count, name }, { time: '2025-03-11', count, name }] } });
  }));
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

describe('Insight tab: twibbon downloads', () => {
  it('an event with a twibbon has the downloads series beside Views, read from its own call', async () => {
    const paths = mockInsight();
    renderPage(<InsightTab eventId="ev-1" hasTwibbon />);
    const option = await screen.findByText(INSIGHT_TEXT.twibbon);
    fireEvent.click(option);
    await waitFor(() => expect(paths).toContain('/v1/event-regist/ev-1/insight/twibbon'));
  });

  it('an event without a twibbon does not offer it', async () => {
    const paths = mockInsight();
    renderPage(<InsightTab eventId="ev-1" />);
    await screen.findByText(INSIGHT_TEXT.views);
    expect(screen.queryByText(INSIGHT_TEXT.twibbon)).toBeNull();
    await waitFor(() => expect(paths).toContain('/v1/events/ev-1/views'));
    expect(paths.some((p) => p.endsWith('/insight/twibbon'))).toBe(false);
  });
});

describe('Insight tab: the chart as text', () => {
  it('names the series, the window and its total for screen readers', async () => {
    mockInsight(3);
    renderPage(<InsightTab eventId="ev-1" />);
    await screen.findByRole('img', { name: /^Views \d{4}-\d\d-\d\d – \d{4}-\d\d-\d\d: total 6$/ });
  });
});

describe('Insight tab: tracking links', () => {
  it('shows each link’s visits, registrations and check-ins as a table and as bars', async () => {
    const paths = mockInsight(0, [
      { code: 'kampus-ui', name: 'Kampus UI', visits: 1234, registrations: 56, checkIns: 7 },
      { code: 'ig-story', name: 'Story IG', visits: 0, registrations: 0, checkIns: 0 },
    ]);
    renderPage(<InsightTab eventId="ev-1" />);
    const table = await screen.findByRole('table', { name: TRACKING_LINK_TEXT.insightTitle });
    expect(table.textContent).toContain('Kampus UI');
    expect(table.textContent).toContain('1.234');
    await screen.findByRole('img', { name: `${TRACKING_LINK_TEXT.chartLabel}: kampus-ui 1234/56/7, ig-story 0/0/0` });
    expect(paths).toContain('/v1/events/ev-1/insight/links');
  });

  it('says where links are made when the event has none', async () => {
    mockInsight();
    renderPage(<InsightTab eventId="ev-1" />);
    await screen.findByText(TRACKING_LINK_TEXT.insightEmpty);
  });
});
