import { EVALUATION_ID, EVALUATION_LIMITS, EVALUATION_MSG, evaluationIssues, type Evaluation, type EvaluationBody } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, invalid } from '../../lib/errors.js';
import * as repo from './evaluation.repository.js';

const DAY_MS = 86_400_000;

type Questions = NonNullable<Awaited<ReturnType<typeof repo.findForm>>>['questions'];

/** Whether `sent` asks what `stored` asks: the same questions, in order, with the same types, labels, rules and options. */
function sameQuestions(stored: Questions, sent: EvaluationBody['questions']) {
  const key = (q: { type: string; label: string; isRequired: boolean; options: string[] }) => JSON.stringify([q.type, q.label, q.isRequired, q.type === 'radio' || q.type === 'checkbox' ? q.options : []]);
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

  private async read(db: DbOrTx, event: { id: string; firstEventAt: Date | null; lastEventAt: Date | null }): Promise<Evaluation> {
    const [form, answers, lastSession] = [await repo.findForm(db, event.id), await repo.answerCount(db, event.id), await repo.lastSessionStart(db, event.id)];
    const opensAt = form?.opensAt ?? lastSession ?? event.firstEventAt;
    const closesAt = form?.closesAt ?? (event.lastEventAt && new Date(event.lastEventAt.getTime() + EVALUATION_LIMITS.defaultOpenDaysAfter * DAY_MS));
    return {
      questions: form?.questions ?? [],
      opensAt: form?.opensAt?.toISOString() ?? null,
      closesAt: form?.closesAt?.toISOString() ?? null,
      window: opensAt && closesAt ? { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() } : null,
      answers,
    };
  }
}
