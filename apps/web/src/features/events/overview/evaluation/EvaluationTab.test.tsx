import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  evaluationBodySchema, EVALUATION_MSG as M, EVALUATION_TEXT as T, fill, type Evaluation, type EvaluationBody, type EvaluationSummary, type OrgRole,
} from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { json, mockApi } from '../../../../test/mock-api';
import { actAs, forgetOrganization } from '../../../../test/organizations';
import { renderPage } from '../../../../test/render-page';
import { EvaluationTab } from './EvaluationTab';

const PATH = '/v1/events/ev-1/evaluation';
const Q1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const Q2 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2';
const SAVED: Evaluation = {
  questions: [
    { id: Q1, type: 'rating', label: 'Seberapa puas kamu?', isRequired: true, options: [] },
    { id: Q2, type: 'checkbox', label: 'Materi yang berguna', isRequired: false, options: ['Desain', 'Coding'] },
  ],
  opensAt: null,
  // 10:00 WIB.
  closesAt: '2026-12-20T03:00:00.000Z',
  window: { opensAt: '2026-12-10T02:00:00.000Z', closesAt: '2026-12-20T03:00:00.000Z' },
  answers: 0,
};

/** The tab for `role`, the GET answering `form` and the PUT answering `put` (or echoing the body as saved). */
function open(role: OrgRole, form: Evaluation = SAVED, put?: () => Response) {
  const api = mockApi({
    [`GET ${PATH}`]: () => json(200, { data: { result: form } }),
    [`PUT ${PATH}`]: (_u, init) => put?.() ?? json(200, {
      data: { result: { ...form, ...(JSON.parse(String(init.body)) as object) } }, message: M.saved,
    }),
  });
  const rendered = renderPage(<EvaluationTab event={eventDetailFixture({ id: 'ev-1', registrationMethod: 'internal' })} />);
  actAs(rendered.client, role);
  const sent = () => api.calls().filter((c) => c.key === `PUT ${PATH}`).map((c) => JSON.parse(String(c.init?.body)) as EvaluationBody);
  return { ...api, ...rendered, sent };
}

/** A Form.Item around a control, to find the message under it. */
const itemOf = (label: string) => within(screen.getByRole('textbox', { name: label }).closest<HTMLElement>('.ant-form-item')!);

async function chooseType(n: number, label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: `Jenis pertanyaan ${n}` }));
  const option = await waitFor(() => {
    const el = [...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${label}"]`)].at(-1);
    if (!el) throw new Error(`no option ${label}`);
    return el;
  });
  fireEvent.click(option);
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

describe('Evaluasi tab', () => {
  it('shows staff the saved form read-only: questions in order with type and options, the window in WIB, the answers', async () => {
    open('staff');
    const list = await screen.findByRole('list', { name: T.questions });
    const items = within(list).getAllByRole('listitem').filter((li) => li.parentElement === list);
    expect(items.map((li) => li.querySelector('.evaluation-list-label')?.textContent)).toEqual(['Seberapa puas kamu?', 'Materi yang berguna']);
    within(items[0]).getByText(T.types.rating);
    within(items[0]).getByText(T.required);
    within(items[1]).getByText(T.types.checkbox);
    within(items[1]).getByText(T.optional);
    expect(within(within(items[1]).getByRole('list', { name: T.options })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Desain', 'Coding']);
    screen.getByText('0 jawaban');
    const window = within(screen.getByRole('region', { name: T.window }));
    window.getByText(T.byDefault);
    window.getByText('20 Des 2026 10:00 WIB');
    window.getByText('Berlaku: 10 Des 2026 09:00 – 20 Des 2026 10:00 WIB');
    expect(screen.queryByRole('button', { name: T.save })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets an owner add a radio question with two options and saves the form the contract expects', async () => {
    const { user, sent } = open('owner');
    await screen.findByDisplayValue('Seberapa puas kamu?');
    screen.getByText(T.windowHelp.replace('{days}', '7'));
    await user.click(screen.getByRole('button', { name: new RegExp(`${T.addQuestion}$`) }));
    await chooseType(3, T.types.radio);
    await user.type(screen.getByRole('textbox', { name: 'Pertanyaan 3' }), '  Sesi favorit ');
    await user.type(screen.getByRole('textbox', { name: 'Pilihan 1 pertanyaan 3' }), 'Pagi');
    await user.type(screen.getByRole('textbox', { name: 'Pilihan 2 pertanyaan 3' }), 'Sore');
    await user.click(screen.getByRole('switch', { name: 'Pertanyaan 3 wajib dijawab' }));
    await user.click(screen.getByRole('button', { name: T.save }));
    await screen.findByText(M.saved);
    expect(sent()).toEqual([{
      questions: [
        { id: Q1, type: 'rating', label: 'Seberapa puas kamu?', isRequired: true, options: [] },
        { id: Q2, type: 'checkbox', label: 'Materi yang berguna', isRequired: false, options: ['Desain', 'Coding'] },
        { type: 'radio', label: 'Sesi favorit', isRequired: false, options: ['Pagi', 'Sore'] },
      ],
      opensAt: null,
      closesAt: '2026-12-20T03:00:00.000Z',
    }]);
    expect(evaluationBodySchema.safeParse(sent()[0]).success).toBe(true);
  });

  it('shows the contract\'s message under a label left empty, and sends nothing', async () => {
    const { user, sent } = open('admin');
    await screen.findByDisplayValue('Seberapa puas kamu?');
    await user.click(screen.getByRole('button', { name: new RegExp(`${T.addQuestion}$`) }));
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => itemOf('Pertanyaan 3').getByText(M.label));
    expect(screen.getAllByText(M.label)).toHaveLength(1);
    expect(sent()).toEqual([]);
    // Typing the label clears its message.
    await user.type(screen.getByRole('textbox', { name: 'Pertanyaan 3' }), 'Saran');
    await waitFor(() => expect(screen.queryByText(M.label)).toBeNull());
  });

  it('checks a choice question\'s options with the contract\'s rules before sending', async () => {
    const { user, sent } = open('owner');
    await screen.findByDisplayValue('Seberapa puas kamu?');
    await user.clear(screen.getByRole('textbox', { name: 'Pilihan 2 pertanyaan 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Pilihan 2 pertanyaan 2' }), 'desain');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => itemOf('Pilihan 2 pertanyaan 2').getByText(M.duplicateOption));
    expect(sent()).toEqual([]);
  });

  it('puts a 400\'s errors under their fields', async () => {
    const { user, sent } = open('owner', SAVED, () => json(400, {
      message: 'Validasi gagal', messageId: 'VALIDATION_ERROR',
      errors: [{ path: 'questions.1.options.0', message: 'Pilihan ditolak' }, { path: 'closesAt', message: 'Tutup ditolak' }],
    }));
    await screen.findByDisplayValue('Seberapa puas kamu?');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => itemOf('Pilihan 1 pertanyaan 2').getByText('Pilihan ditolak'));
    screen.getByText('Tutup ditolak').closest('.evaluation-edge');
    expect(screen.getByText('Tutup ditolak').closest('.evaluation-edge')).not.toBeNull();
    expect(sent()).toHaveLength(1);
  });

  it('once answered, shows the note and the questions read-only; a new window is sent with the same questions', async () => {
    const { user, sent } = open('owner', { ...SAVED, answers: 3 });
    await screen.findByText(M.locked);
    screen.getByText('3 jawaban');
    screen.getByText('Seberapa puas kamu?');
    expect(screen.queryByRole('textbox', { name: 'Pertanyaan 1' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Jenis pertanyaan 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`${T.addQuestion}$`) })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hapus pertanyaan 1' })).toBeNull();
    await user.type(screen.getByLabelText('Tanggal Dibuka'), '11 Des 2026{Enter}');
    const hour = screen.getByLabelText('Jam Dibuka');
    await user.clear(hour);
    await user.type(hour, '08:30{Enter}');
    await user.click(screen.getByRole('button', { name: T.save }));
    await screen.findByText(M.saved);
    expect(sent()).toEqual([{
      questions: SAVED.questions,
      // 08:30 WIB.
      opensAt: '2026-12-11T01:30:00.000Z',
      closesAt: '2026-12-20T03:00:00.000Z',
    }]);
  });

  it('reads the form again when answers arrived meanwhile, and shows it locked', async () => {
    let answers = 0;
    mockApi({
      [`GET ${PATH}`]: () => json(200, { data: { result: { ...SAVED, answers } } }),
      [`PUT ${PATH}`]: () => {
        answers = 1;
        return json(409, { message: M.locked, messageId: 'EVALUATION_LOCKED' });
      },
    });
    const { user, client } = renderPage(<EvaluationTab event={eventDetailFixture({ id: 'ev-1', registrationMethod: 'internal' })} />);
    actAs(client, 'owner');
    await screen.findByDisplayValue('Seberapa puas kamu?');
    await user.click(screen.getByRole('button', { name: T.save }));
    await screen.findByText('1 jawaban');
    expect(screen.queryByRole('textbox', { name: 'Pertanyaan 1' })).toBeNull();
    expect(document.querySelector('.evaluation-locked')).not.toBeNull();
  });
});

describe('Ringkasan jawaban', () => {
  it('shows the rate, each question\'s figures and its spread once someone has answered; nothing before', async () => {
    const summary: EvaluationSummary = {
      answers: 3, participants: 4,
      questions: [
        { id: Q1, type: 'rating', label: 'Seberapa puas kamu?', answers: 3, average: 4.33, nps: null, latest: [],
          distribution: ['1', '2', '3', '4', '5'].map((value) => ({ value, count: value === '4' ? 2 : value === '5' ? 1 : 0 })) },
        { id: Q2, type: 'nps', label: 'Rekomendasi?', answers: 3, average: 6.67, latest: [], nps: { promoters: 1, passives: 1, detractors: 1, score: 0 },
          distribution: Array.from({ length: 11 }, (_, v) => ({ value: String(v), count: [3, 7, 10].includes(v) ? 1 : 0 })) },
        { id: 'q3', type: 'text', label: 'Saran', answers: 1, average: null, nps: null, distribution: [],
          latest: [{ text: 'Tambah sesi tanya jawab', answeredAt: '2026-12-12T05:00:00.000Z' }] },
      ],
    };
    mockApi({
      [`GET ${PATH}`]: () => json(200, { data: { result: { ...SAVED, answers: 3 } } }),
      [`GET ${PATH}/summary`]: () => json(200, { data: { result: summary } }),
    });
    const rendered = renderPage(<EvaluationTab event={eventDetailFixture({ id: 'ev-1', registrationMethod: 'internal' })} />);
    actAs(rendered.client, 'staff');
    await screen.findByText(fill(T.rate, { answers: 3, participants: 4, rate: 75 }));
    const rating = screen.getByRole('region', { name: 'Seberapa puas kamu?' });
    within(rating).getByText(fill(T.average, { value: '4,33' }));
    const bars = within(rating).getByRole('list', { name: fill(T.distribution, { label: 'Seberapa puas kamu?' }) });
    expect(within(bars).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['1: 0', '2: 0', '3: 0', '4: 2', '5: 1']);
    within(screen.getByRole('region', { name: 'Rekomendasi?' })).getByText(`${fill(T.nps, { score: 0 })} · ${fill(T.npsParts, { promoters: 1, passives: 1, detractors: 1 })}`);
    within(screen.getByRole('region', { name: 'Saran' })).getByText('Tambah sesi tanya jawab');
  });

  it('is not asked for while nobody has answered', async () => {
    const { calls } = open('staff');
    await screen.findByText(fill(T.answers, { n: 0 }));
    expect(screen.queryByText(T.summary)).toBeNull();
    expect(calls().some((c) => c.key === `GET ${PATH}/summary`)).toBe(false);
  });
});
