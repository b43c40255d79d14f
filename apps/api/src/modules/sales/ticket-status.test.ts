import { describe, expect, it } from 'vitest';
import { ticketStatus } from '@eo/contract';

/** Spec section 4: Available unless the quota is finite and quota <= 0, then Sold Out. */
describe('ticketStatus', () => {
  it.each([
    [{ originalQuotaType: 'unlimited', originalQuota: -1, quota: -1 }, 'Available'],
    [{ originalQuotaType: 'unlimited', originalQuota: -1, quota: 0 }, 'Available'],
    [{ originalQuotaType: 'limited', originalQuota: 10, quota: 3 }, 'Available'],
    [{ originalQuotaType: 'limited', originalQuota: 10, quota: 1 }, 'Available'],
    [{ originalQuotaType: 'limited', originalQuota: 10, quota: 0 }, 'Sold Out'],
    [{ originalQuotaType: 'limited', originalQuota: 10, quota: -2 }, 'Sold Out'],
    [{ originalQuotaType: 'limited', originalQuota: 0, quota: 0 }, 'Sold Out'],
    [{ originalQuotaType: 'limited', originalQuota: 5, quota: null }, 'Sold Out'],
    [{ originalQuota: 5, quota: 0 }, 'Sold Out'],
    [{ originalQuota: -1, quota: 0 }, 'Available'],
    [{ originalQuota: null, quota: 0 }, 'Available'],
    [{}, 'Available'],
  ] as const)('%j -> %s', (ticket, status) => expect(ticketStatus(ticket)).toBe(status));
});
