import { z } from 'zod';
import { fill, OWN_MSG } from '../messages.js';

/** Field builders shared by the event schemas: the format rules that hold in drafts too. */
export const maxText = (n: number) => z.string().trim().max(n, fill(OWN_MSG.maxChars, { n }));
export const optText = (n: number) => maxText(n).nullish();

/** http(s) URL with the given message; empty text counts as absent. */
export const httpUrl = (message: string) =>
  z.string().trim().max(2000, message).refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), message);

/** A stored file reference: our `/files/...` path or an http(s) URL. */
export const fileRef = z.string().trim().max(500).refine((v) => v === '' || /^(\/files\/|https?:\/\/)/.test(v), 'Invalid file');

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isoDate = z.string().regex(DATE_RE, OWN_MSG.dateInvalid).refine((v) => !Number.isNaN(Date.parse(v)), OWN_MSG.dateInvalid);
export const hhmm = z.string().regex(TIME_RE, OWN_MSG.timeInvalid);

export const textList = (max: number, each: z.ZodString = maxText(max)) => z.array(each).max(50).default([]);
