import { z } from 'zod';
import type { RouteAction } from './organization-roles.js';

/**
 * One HTTP endpoint, declared once: the API registers its route from it (validating the
 * request and the answer), the web calls it through `call(endpoint, input)` typed by it, and
 * `/docs` documents it. Paths use `:name` for their parameters, as the router does.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: default-deny, so an endpoint is `user` unless it says otherwise. */
export type EndpointAccess = 'public' | 'user' | 'admin' | 'platform';

/**
 * What the success answer is: `json` (the envelope of API.md, or a bare object), `file`
 * (bytes to download, e.g. a PDF or XLSX), `html` (a page) or `empty` (204).
 */
export type AnswerKind = 'json' | 'file' | 'html' | 'empty';

export interface EndpointDeclaration {
  method: HttpMethod;
  path: `/${string}`;
  /** Groups in /docs. */
  tags: readonly string[];
  summary?: string;
  access?: EndpointAccess;
  /**
   * A `user` endpoint's row of the permission table (organization-roles.ts), checked by the
   * server's access gate against the caller's role before the handler runs. Required there:
   * the API refuses to register a `user` endpoint without one.
   */
  action?: RouteAction;
  /**
   * The path parameter naming the organization the request acts within (`/organizations/:id`);
   * without one, the `X-Organization-Id` header does, else the caller's oldest membership.
   */
  organizationParam?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The success status; `responses` may add other statuses the same call can answer with. */
  status: number;
  response: z.ZodType;
  responses?: Readonly<Record<number, z.ZodType>>;
  answer?: AnswerKind;
  /** Request body media types other than JSON (uploads: `multipart/form-data`). */
  consumes?: readonly string[];
  /** Answer media types of a `file` or `html` answer. */
  produces?: readonly string[];
  /** Left out of /docs (a page for people, not an API call). */
  hide?: boolean;
}

export type Endpoint<D extends EndpointDeclaration = EndpointDeclaration> = D & { access: EndpointAccess; answer: AnswerKind };

/** Where an endpoint is and who may call it: all a caller needs at run time (no schemas). */
export interface EndpointAddress { method: HttpMethod; path: `/${string}`; access: EndpointAccess }

export function endpoint<const D extends EndpointDeclaration>(declaration: D): Endpoint<D> {
  return { access: 'user', answer: 'json', ...declaration } as Endpoint<D>;
}

/** The body of a `file` answer, as /docs shows it. */
export const fileAnswer = (description: string) => z.string().meta({ format: 'binary', description });
/** The body of an `html` answer. */
export const htmlAnswer = (description: string) => z.string().meta({ description });
/** A 204's absent body. */
export const emptyAnswer = z.null().meta({ description: 'No content' });

type PartKey = 'params' | 'query' | 'body' | 'headers';
type Declared<E, K extends PartKey> = E extends Record<K, z.ZodType> ? E[K] : never;
/** A query travels as text: a flag whose text is `'true'`/`'false'` may be given as a boolean. */
type WireQuery<T> = { [F in keyof T]: T[F] | (Extract<T[F], 'true'> extends never ? never : boolean) };
type In<E, K extends PartKey> = K extends 'query' ? WireQuery<z.input<Declared<E, K>>> : z.input<Declared<E, K>>;
type Empty = Record<never, never>;
type Needed<E> = { [K in PartKey as [Declared<E, K>] extends [never] ? never : Empty extends In<E, K> ? never : K]: In<E, K> };
type Optional<E> = { [K in PartKey as [Declared<E, K>] extends [never] ? never : Empty extends In<E, K> ? K : never]?: In<E, K> };

/** What a caller sends: the declared parts in their input shape (before defaults); a part whose fields may all be left out is optional. */
export type EndpointInput<E extends EndpointDeclaration> = Needed<E> & Optional<E>;

type Out<E, K extends PartKey> = [Declared<E, K>] extends [never] ? undefined : z.output<Declared<E, K>>;
/** What the server reads once validated (after defaults and transforms). */
export type EndpointRequest<E extends EndpointDeclaration> = { params: Out<E, 'params'>; query: Out<E, 'query'>; body: Out<E, 'body'>; headers: Out<E, 'headers'> };

/** The success answer the caller receives. */
export type EndpointResult<E extends EndpointDeclaration> = z.output<E['response']>;
/** What a handler may return: the success answer, or another declared one. */
export type EndpointAnswer<E extends EndpointDeclaration> =
  | z.input<E['response']>
  | (E['responses'] extends Readonly<Record<number, infer S>> ? (S extends z.ZodType ? z.input<S> : never) : never);
