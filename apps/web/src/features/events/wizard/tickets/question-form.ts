import { isChoice, questionOptionSchema, questionSchema, ticketSchema, type QUESTION_TYPES, type QuestionInput } from '@eo/contract';

/** A custom registration question as the ticket modal edits it, and its translations. */
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type FileKind = 'pdf' | 'image';

let seq = 0;
/** Stable React keys for rows that move or lack an id. */
export const newKey = () => `k${++seq}`;

export interface QuestionDraft {
  key: string;
  id?: string;
  name: string;
  description: string;
  type: QuestionType | null;
  isRequired: boolean;
  options: string[];
  maxFiles: number | null;
  accept: FileKind[];
  /** Kept as loaded: the modal does not ask them. */
  isGeneral: boolean;
  isTicketBuyerOnly: boolean;
}

const str = (s: { maxLength: number | null }) => s.maxLength ?? undefined;
/** Input limits read from the contract's schemas, so the form cannot drift from the rules. */
export const LIMITS = {
  name: str(ticketSchema.shape.name.unwrap().unwrap()),
  question: str(questionSchema.shape.name.unwrap().unwrap()),
  description: str(questionSchema.shape.description.unwrap().unwrap()),
  option: str(questionOptionSchema.shape.name),
  maxFiles: questionSchema.shape.maxFiles.unwrap().unwrap().maxValue ?? 20,
};

export const emptyQuestion = (): QuestionDraft => ({
  key: newKey(), name: '', description: '', type: 'text', isRequired: true, options: [], maxFiles: null, accept: [],
  isGeneral: false, isTicketBuyerOnly: false,
});


/** A new answer type: free text keeps no options, a choice starts with one empty row, a file asks for one file by default. */
export function withQuestionType(q: QuestionDraft, type: QuestionType): QuestionDraft {
  const options = isChoice(type) ? (q.options.length ? q.options : ['']) : [];
  const file = type === 'file';
  return { ...q, type, options, maxFiles: file ? (q.maxFiles ?? 1) : null, accept: file ? q.accept : [] };
}

export function questionFromInput(q: QuestionInput): QuestionDraft {
  return {
    key: newKey(), id: q.id, name: q.name ?? '', description: q.description ?? '', type: q.type ?? null,
    isRequired: q.isRequired ?? true, options: q.options.map((o) => o.name), maxFiles: q.maxFiles ?? null,
    accept: q.accept ?? [], isGeneral: q.isGeneral ?? false, isTicketBuyerOnly: q.isTicketBuyerOnly ?? false,
  };
}

/** The question as typed (texts are trimmed by `saveTicket`); only its own type's extras are kept. */
export function toQuestion(q: QuestionDraft, i: number): QuestionInput {
  const file = q.type === 'file';
  return {
    ...(q.id ? { id: q.id } : {}),
    name: q.name,
    description: q.description.trim() ? q.description : null,
    type: q.type,
    options: isChoice(q.type) ? q.options.map((name, j) => ({ name, optionOrderNumber: j + 1 })) : [],
    isGeneral: q.isGeneral,
    isRequired: q.isRequired,
    isTicketBuyerOnly: q.isTicketBuyerOnly,
    stepOrderNumber: i + 1,
    maxFiles: file ? q.maxFiles : null,
    accept: file ? q.accept : null,
  };
}
