import { useState, type FormEvent } from 'react';
import { App, Button, Input } from 'antd';
import { TRACKING_CODE_MAX, TRACKING_LINK_ID, TRACKING_LINK_TEXT as T, TRACKING_NAME_MAX, trackingLinkIssues } from '@eo/contract';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCreateTrackingLink } from './api/create-tracking-link';

type Field = 'name' | 'code';
type Errors = Partial<Record<Field, string>>;

/** Typed in capitals or with spaces, a code becomes one as it is typed: "Kampus UI" → "kampus-ui". */
const asCode = (typed: string) => typed.toLowerCase().replace(/\s+/g, '-');

/**
 * A new link's name and code, checked by the contract's rules (trackingLinkIssues, which the API
 * runs too); the API's refusals (a code the event has, a field) show under their field. Plain
 * inputs rather than antd's Form, which would put this page over its first-load budget.
 */
export function TrackingLinkForm({ eventId }: { eventId: string }) {
  const [values, setValues] = useState({ name: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateTrackingLink(eventId);
  const { message } = App.useApp();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const link = { name: values.name.trim(), code: values.code.trim() };
    const found = Object.fromEntries(trackingLinkIssues(link).map((i) => [i.path, i.message])) as Errors;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await create.mutateAsync(link);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.body.errors ?? []).filter((x) => x.path === 'name' || x.path === 'code') : [];
      if (fields.length) setErrors(Object.fromEntries(fields.map((x) => [x.path, x.message])));
      else if (err instanceof ApiError && err.body.messageId === TRACKING_LINK_ID.codeTaken) setErrors({ code: err.message });
      else void message.error(errorText(err));
      return;
    }
    setValues({ name: '', code: '' });
    void message.success(T.created);
  };

  const field = (name: Field, label: string, input: { placeholder: string; maxLength: number; hint?: string }) => {
    const id = `tl-${name}`;
    const described = [input.hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className="tl-field">
        <label htmlFor={id}>{label}</label>
        <Input
          id={id} value={values[name]} placeholder={input.placeholder} maxLength={input.maxLength} autoComplete="off" spellCheck={false}
          status={errors[name] ? 'error' : undefined} aria-invalid={errors[name] ? true : undefined} aria-describedby={described} disabled={create.isPending}
          onChange={(e) => setValues((v) => ({ ...v, [name]: name === 'code' ? asCode(e.target.value) : e.target.value }))}
        />
        {input.hint && <div id={`${id}-hint`} className="tl-hint">{input.hint}</div>}
        {errors[name] && <div id={`${id}-error`} role="alert" className="tl-error">{errors[name]}</div>}
      </div>
    );
  };

  return (
    <form className="tl-form" noValidate onSubmit={onSubmit} aria-label={T.create}>
      {field('name', T.name, { placeholder: T.namePlaceholder, maxLength: TRACKING_NAME_MAX })}
      {field('code', T.code, { placeholder: T.codePlaceholder, maxLength: TRACKING_CODE_MAX, hint: T.codeHint })}
      <Button type="primary" htmlType="submit" loading={create.isPending} className="tl-submit">{T.create}</Button>
    </form>
  );
}
