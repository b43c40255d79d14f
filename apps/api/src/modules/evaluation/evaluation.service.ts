import {
  EVALUATION_EXPORT as X, EVALUATION_ID, isChoice, EVALUATION_LIMITS, EVALUATION_MSG, evaluationAnswerIssues, evaluationIssues, type ExportFormat,
  type Evaluation, type EvaluationAnswersBody, type EvaluationBody, type EvaluationSummary, type EvaluationTextAnswers, type EvaluationTextAnswersQuery, type PublicEvaluation,
} from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalid, notFound } from '../../lib/errors.js';
import { isTicketCode } from '../platform/registration.service.js';
import { recordAudit } from '../../lib/audit.js';
import { fileSlug, keysetBatches, wibDateTime, type Cell, type TableExport } from '../../lib/table-export.js';
import { issueIfEligible } from '../certificates/eligible/issue-if-eligible.js';
import * as repo from './evaluation.repository.js';

const DAY_MS = 86_400_000;
const EXPORT_BATCH = 1000;

type Questions = NonNullable<Awaited<ReturnType<typeof repo.findForm>>>['questions'];

/** Whether `sent` asks what `stored` asks: the same questions, in order, with the same types, labels, rules and options. */
function sameQuestions(stored: Questions, sent: EvaluationBody['questions']) {
  const key = (q: { type: string; label: string; isRequired: boolean; options: string[] }) => JSON.stringify([q.type, q.label, q.isRequired, isChoice(q.type) ? q.options : []]);
  return stored.length === sent.length && stored.every((q, i) => sent[i]!.id === q.id && key(sent[i]!) === key(q));
}

/**
 * The event's evaluation form. Its questions cannot change once a participant has answered
 * (409 EVALUATION_LOCKED): the answers would no longer say what was asked. The window can.
 */
export class EvaluationService {
  constructor(private readonly db: Db) {}

  async get(caller: Caller, eventId: string): Promise<Evaluation> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    return this.read(this.db, event);
  }

  async save(caller: Caller, eventId: string, body: EvaluationBody, now = new Date()): Promise<Evaluation> {
    const issues = evaluationIssues(body);
    if (issues.length) throw invalid(issues[0]!.message, issues);
    return this.db.transaction(async (tx) => {
      const event = await requireEvent(tx, caller, Permission.EventUpdate, eventId);
      await repo.lockForm(tx, event.id, now);
      const stored = await repo.findForm(tx, event.id);
      const changed = !sameQuestions(stored?.questions ?? [], body.questions);
      if (changed && (await repo.answerCount(tx, event.id)) > 0) throw conflict(EVALUATION_MSG.locked, EVALUATION_ID.locked);
      await repo.saveWindow(tx, event.id, body, now);
      if (changed) await repo.syncQuestions(tx, event.id, body.questions);
      return this.read(tx, event);
    });
  }

  /** The summary of the answers, per question (see the contract's evaluationSummarySchema). */
  async summary(caller: Caller, eventId: string): Promise<EvaluationSummary> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    const questions = (await repo.findForm(this.db, event.id))?.questions ?? [];
    const textIds = questions.filter((q) => q.type === 'text').map((q) => q.id);
    const [answers, participants, counts, texts] = [
      await repo.answerCount(this.db, event.id), await repo.participantCount(this.db, event.id),
      await repo.answerCounts(this.db, event.id), await repo.latestTexts(this.db, event.id, textIds, EVALUATION_LIMITS.latestTexts),
    ];
    const countOf = (questionId: string, value: string | null) => counts.find((c) => c.questionId === questionId && c.value === value)?.n ?? 0;
    return {
      answers, participants,
      questions: questions.map((q) => {
        const values = q.type === 'rating' ? range(1, 5) : q.type === 'nps' ? range(0, 10) : q.type === 'text' ? [] : q.options;
        const distribution = values.map((value) => ({ value, count: countOf(q.id, value) }));
        const numeric = q.type === 'rating' || q.type === 'nps';
        const total = distribution.reduce((n, d) => n + d.count, 0);
        const sum = distribution.reduce((n, d) => n + Number(d.value) * d.count, 0);
        return {
          id: q.id, type: q.type, label: q.label, answers: countOf(q.id, null),
          average: numeric && total ? Math.round((100 * sum) / total) / 100 : null,
          distribution,
          nps: q.type === 'nps' ? npsOf(distribution) : null,
          latest: texts.filter((x) => x.questionId === q.id).map((x) => ({ text: x.text, answeredAt: new Date(x.answeredAt).toISOString() })),
        };
      }),
    };
  }

  /** One text question's answers, newest first, by page; 404 for a question that is not a text question of this event's form. */
  async textAnswers(caller: Caller, eventId: string, questionId: string, { page, limit }: EvaluationTextAnswersQuery): Promise<EvaluationTextAnswers> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    const question = (await repo.findForm(this.db, event.id))?.questions.find((q) => q.id === questionId);
    if (!question || question.type !== 'text') throw notFound();
    const { rows, total } = await repo.textAnswersPage(this.db, event.id, question.id, { offset: (page - 1) * limit, limit });
    return { docs: rows, page, limit, totalDocs: total, totalPages: Math.ceil(total / limit) };
  }

  /**
   * The answers as a table: name, email and when, then one column per question (a checkbox's
   * options joined by commas). Recorded in the audit log as the download starts.
   */
  async exportAnswers(caller: Caller, eventId: string, format: ExportFormat): Promise<TableExport> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    await recordAudit(this.db, caller, {
      action: 'export.downloaded', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: event.name ?? undefined,
      detail: { table: 'evaluation', format, eventId: event.id },
    });
    const questions = (await repo.findForm(this.db, event.id))?.questions ?? [];
    const db = this.db;
    async function* rows(): AsyncGenerator<Cell[]> {
      for await (const batch of keysetBatches<repo.AnswerRow>((last) => repo.answerBatch(db, event.id, last, EXPORT_BATCH), EXPORT_BATCH)) {
        for (const r of batch) {
          const byId = new Map(r.answers.map((a) => [a.questionId, a.value]));
          yield [r.name, r.email, wibDateTime(r.answeredAt), ...questions.map((q) => cellOf(byId.get(q.id)))];
        }
      }
    }
    return { basename: `${X.file}-${fileSlug(event.name ?? '')}`, sheetName: X.sheet, headers: [X.name, X.email, X.answeredAt, ...questions.map((q) => q.label)], rows: rows() };
  }

  /** The participant's form by their e-ticket: 404 for an unknown code or an event without a form. */
  async forTicket(ticketCode: string, now = new Date()): Promise<PublicEvaluation> {
    const { form, reg } = await this.participantForm(ticketCode);
    return { eventName: reg.event.name, questions: form.questions, window: form.window, open: isOpen(form.window, now), answered: reg.answeredAt !== null };
  }

  /** The same for the e-ticket page: null for an unknown code or an event without a form (the page shows no section). */
  async forTicketPage(ticketCode: string, now = new Date()): Promise<PublicEvaluation | null> {
    return this.forTicket(ticketCode, now).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === ERROR_CODE.notFound) return null;
      throw err;
    });
  }

  /**
   * The participant's answers, once, while the form is open, for a confirmed registration; a
   * certificate by rules they now meet is issued to them (issueIfEligible).
   */
  async answer(ticketCode: string, body: EvaluationAnswersBody, now = new Date()): Promise<{ answeredAt: string }> {
    const { form, reg } = await this.participantForm(ticketCode);
    if (reg.status !== 'confirmed') throw conflict(EVALUATION_MSG.notConfirmed, ERROR_CODE.ticketNotConfirmed);
    if (reg.answeredAt) throw conflict(EVALUATION_MSG.alreadyAnswered, EVALUATION_ID.alreadyAnswered);
    if (!isOpen(form.window, now)) throw conflict(EVALUATION_MSG.closed, EVALUATION_ID.closed);
    const { issues, stored } = evaluationAnswerIssues(form.questions, body);
    if (issues.length) throw invalid(issues[0]!.message, issues);
    // An answer may make the participant eligible for a certificate by rules: queued with it.
    const inserted = await this.db.transaction(async (tx) => {
      if (!(await repo.insertAnswers(tx, { registrantId: reg.registrantId, eventId: reg.event.id, answers: stored, at: now }))) return false;
      await issueIfEligible(tx, reg.event.id, reg.registrantId);
      return true;
    });
    if (!inserted) throw conflict(EVALUATION_MSG.alreadyAnswered, EVALUATION_ID.alreadyAnswered);
    return { answeredAt: now.toISOString() };
  }

  /** A participant's form: the event's questions and window; an event without questions is 404 at once. */
  private async participantForm(ticketCode: string) {
    const reg = isTicketCode(ticketCode) ? await repo.registrationByCode(this.db, ticketCode) : undefined;
    if (!reg) throw notFound();
    if (!reg.form || !reg.questions.length) throw notFound(EVALUATION_MSG.noForm);
    return { form: { questions: reg.questions, window: windowOf(reg.event, reg.form, reg.lastSessionStart) }, reg };
  }

  private async read(db: DbOrTx, event: EventDates): Promise<Evaluation> {
    const form = await repo.findForm(db, event.id);
    const lastSession = form?.opensAt ? undefined : await repo.lastSessionStart(db, event.id);
    const [answers, window] = [await repo.answerCount(db, event.id), windowOf(event, form, lastSession)];
    return {
      questions: form?.questions ?? [],
      opensAt: form?.opensAt?.toISOString() ?? null,
      closesAt: form?.closesAt?.toISOString() ?? null,
      window,
      answers,
    };
  }
}

type EventDates = { id: string; firstEventAt: Date | null; lastEventAt: Date | null };

/**
 * When the form takes answers: its own dates, else from the last session's start (or the
 * event's first day) to some days after the event's last; null when the event has no dates.
 */
function windowOf(event: EventDates, form: { opensAt: Date | null; closesAt: Date | null } | null | undefined, lastSessionStart: Date | null | undefined): Evaluation['window'] {
  const opensAt = form?.opensAt ?? lastSessionStart ?? event.firstEventAt;
  const closesAt = form?.closesAt ?? (event.lastEventAt && new Date(event.lastEventAt.getTime() + EVALUATION_LIMITS.defaultOpenDaysAfter * DAY_MS));
  return opensAt && closesAt ? { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() } : null;
}

const isOpen = (window: Evaluation['window'], now: Date) => window !== null && Date.parse(window.opensAt) <= now.getTime() && now.getTime() < Date.parse(window.closesAt);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Promoters answer 9–10, passives 7–8, detractors 0–6; the score is the promoters' share less the detractors', in points. */
function npsOf(distribution: { value: string; count: number }[]) {
  const among = (lo: number, hi: number) => distribution.filter((d) => Number(d.value) >= lo && Number(d.value) <= hi).reduce((n, d) => n + d.count, 0);
  const promoters = among(9, 10);
  const passives = among(7, 8);
  const detractors = among(0, 6);
  const total = promoters + passives + detractors;
  return { promoters, passives, detractors, score: total ? Math.round((100 * (promoters - detractors)) / total) : 0 };
}

/** A number stays a number; a checkbox's options are joined; text is text (neutralised by the export). */
const cellOf = (v: unknown): Cell => (typeof v === 'number' ? v : Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : '');
