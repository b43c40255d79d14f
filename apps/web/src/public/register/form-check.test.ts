import { describe, expect, it } from 'vitest';
import { emailOk, fieldOfPath, fileProblem, normalPhone, phoneOk } from './form-check';

describe('the registration form checks', () => {
  it('takes an Indonesian mobile number with +62, 62 or 0, spaces and dashes dropped', () => {
    for (const ok of ['+62 812 3456 7890', '6281234567890', '0812-3456-789']) expect(phoneOk(ok), ok).toBe(true);
    for (const bad of ['', '12345', '+1 212 555 0100', '0212345678', '+62 812']) expect(phoneOk(bad), bad).toBe(false);
    expect(normalPhone(' +62 812-3456 7890 ')).toBe('+6281234567890');
  });

  it('knows a plausible email', () => {
    expect(emailOk('dina@sekolah.sch.id')).toBe(true);
    for (const bad of ['dina', 'dina@', 'dina@sekolah', 'di na@x.id']) expect(emailOk(bad), bad).toBe(false);
  });

  it('refuses too many files, a file over the limit, and a type the question does not take', () => {
    const rules = { maxFiles: 2, maxBytes: 5 * 1024 * 1024, accept: ['application/pdf'] };
    const pdf = { size: 1000, type: 'application/pdf' };
    expect(fileProblem([pdf, pdf], rules)).toBeNull();
    expect(fileProblem([pdf, pdf, pdf], rules)).toBe('tooMany');
    expect(fileProblem([{ ...pdf, size: rules.maxBytes + 1 }], rules)).toBe('tooBig');
    expect(fileProblem([{ size: 10, type: 'image/png' }], rules)).toBe('wrongType');
    // A browser that cannot tell the type leaves it to the server.
    expect(fileProblem([{ size: 10, type: '' }], rules)).toBeNull();
  });

  it('places a refusal of the server under its field', () => {
    expect(fieldOfPath('participant.email')).toBe('reg-email');
    expect(fieldOfPath('participant.phoneNumber')).toBe('reg-phone');
    expect(fieldOfPath('ticketId')).toBe('reg-ticket');
    expect(fieldOfPath('answers.3f2a')).toBe('q-3f2a');
    expect(fieldOfPath('website')).toBeNull();
    expect(fieldOfPath(undefined)).toBeNull();
  });
});
