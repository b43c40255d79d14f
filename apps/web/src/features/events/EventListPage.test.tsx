import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LIST_TEXT as T, type EventListItem } from '@eo/contract';
import { json, mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render-page';
import { EventListPage } from './EventListPage';

afterEach(() => vi.unstubAllGlobals());

const draft: EventListItem = {
  id: 'd1', name: 'Seminar Karier', type: 'Webinar', isPaidEvent: false, createdAt: '2026-01-01T03:00:00.000Z',
  updatedAt: '2026-01-02T03:00:00.000Z', approvedStatus: 'pending', email: 'eo@contoh.id',
};

describe('the event list', () => {
  it('a row opened while a typed search is still settling opens the editor; the search does not take the navigation back', async () => {
    const lists: string[] = [];
    mockApi({
      'GET /v1/events/draft/lists': (url) => {
        lists.push(url.search);
        return json(200, { data: { docs: [draft], page: 1, limit: 10, totalDocs: 1, totalPages: 1 } });
      },
    });
    // The editor's code arrives only when the test says, as a lazy route's chunk on a slow line.
    let arrive = () => {};
    const editorCode = new Promise<void>((resolve) => { arrive = resolve; });
    const { user, router } = renderRoutes([
      { path: '/event/draft', element: <EventListPage group="draft" /> },
      { path: '/event/edit/:id', lazy: async () => { await editorCode; return { Component: () => <p>editor</p> }; } },
    ], { route: '/event/draft' });
    const edit = await screen.findByRole('link', { name: T.edit });
    await user.type(screen.getByLabelText(T.search), 'Semi');
    await user.click(edit);
    expect(router.state.navigation.location?.pathname).toBe('/event/edit/d1');
    // Past the search's 400 ms pause, the editor's code still on its way.
    await new Promise((resolve) => setTimeout(resolve, 700));
    arrive();
    await screen.findByText('editor');
    expect(router.state.location.pathname).toBe('/event/edit/d1');
    expect(router.state.location.search).toBe('');
    expect(lists.some((q) => q.includes('Semi'))).toBe(false);
  });

  it('a typed search still settles into the address after the pause', async () => {
    mockApi({});
    const { user, router } = renderRoutes([{ path: '/event/draft', element: <EventListPage group="draft" /> }], { route: '/event/draft' });
    await user.type(await screen.findByLabelText(T.search), 'Semi');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?name=Semi'), { timeout: 2_000 });
  });
});
