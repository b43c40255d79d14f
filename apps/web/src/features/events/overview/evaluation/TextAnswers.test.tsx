import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { EVALUATION_TEXT as T, fill, type Evaluation, type EvaluationSummary } from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { json, mockApi } from '../../../../test/mock-api';
import { actAs, forgetOrganization } from '../../../../test/organizations';
import { renderPage } from '../../../../test/render-page';
import { EvaluationTab } from './EvaluationTab';

const PATH = '/v1/events/ev-1/evaluation';
const QT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa3';
const FORM: Evaluation = {
  questions: [{ id: QT, type: 'text', label: 'Saran', isRequired: false, options: [] }],
  opensAt: null, closesAt: null, window: { opensAt: '2026-12-10T02:00:00.000Z', closesAt: '2026-12-20T03:00:00.000Z' }, answers: 12,
};
// Twelve answers, newest first: "Saran 12" … "Saran 1".
const ALL = Array.from({ length: 12 }, (_, i) => ({ text: `Saran ${12 - i}`, answeredAt: new Date(Date.UTC(2026, 11, 12, 5, 12 - i)).toISOString() }));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

function open(summaryAnswers: number) {
  const summary: EvaluationSummary = {
    answers: summaryAnswers, participants: 20,
    questions: [{ id: QT, type: 'text', label: 'Saran', answers: summaryAnswers, average: null, nps: null, distribution: [], latest: ALL.slice(0, Math.min(10, summaryAnswers)) }],
  };
  const api = mockApi({
    [`GET ${PATH}`]: () => json(200, { data: { result: { ...FORM, answers: summaryAnswers } } }),
    [`GET ${PATH}/summary`]: () => json(200, { data: { result: summary } }),
    [`GET ${PATH}/questions/${QT}/answers`]: (url) => {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return json(200, { data: { docs: ALL.slice((page - 1) * limit, page * limit), page, limit, totalDocs: ALL.length, totalPages: Math.ceil(ALL.length / limit) } });
    },
  });
  const rendered = renderPage(<EvaluationTab event={eventDetailFixture({ id: 'ev-1', registrationMethod: 'internal' })} />);
  actAs(rendered.client, 'staff');
  return { ...api, ...rendered };
}

describe('Lihat semua: every text answer of a question', () => {
  it('pages through them in a dialog, newest first', async () => {
    const { user, calls } = open(12);
    await user.click(await screen.findByRole('button', { name: fill(T.seeAll, { n: 12 }) }));
    const dialog = await screen.findByRole('dialog', { name: fill(T.allAnswers, { label: 'Saran' }) });
    const list = await within(dialog).findByRole('list', { name: fill(T.allAnswers, { label: 'Saran' }) });
    await within(list).findByText('Saran 12');
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('span')!.textContent)).toEqual(ALL.slice(0, 10).map((x) => x.text));
    await user.click(within(dialog).getByRole('listitem', { name: /next page|halaman berikutnya/i }));
    await within(dialog).findByText('Saran 1');
    expect(within(within(dialog).getByRole('list', { name: fill(T.allAnswers, { label: 'Saran' }) })).getAllByRole('listitem')).toHaveLength(2);
    const asked = calls().filter((c) => c.key === `GET ${PATH}/questions/${QT}/answers`).map((c) => c.url.searchParams.get('page'));
    expect(asked).toEqual(['1', '2']);
  });

  it('is not offered when the summary already shows every answer', async () => {
    const { calls } = open(3);
    await screen.findByText('Saran 10');
    expect(screen.queryByRole('button', { name: fill(T.seeAll, { n: 3 }) })).toBeNull();
    expect(calls().some((c) => c.key.endsWith('/answers'))).toBe(false);
  });
});
