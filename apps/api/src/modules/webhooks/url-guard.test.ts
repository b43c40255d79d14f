import { describe, expect, it } from 'vitest';
import { isPrivateAddress, resolveWebhookTarget, WebhookUrlError } from './url-guard.js';

describe('the webhook address rule', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1', '100.127.255.255',
    '0.0.0.0', '0.1.2.3', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.1',
    '::', '::1', 'fe80::1', 'fd00::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2001:db8::1',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('resolves a name and refuses it when it points at loopback; allowed when private addresses are', async () => {
    await expect(resolveWebhookTarget('http://localhost:9/hook', false)).rejects.toMatchObject({ problem: 'private' });
    expect((await resolveWebhookTarget('http://localhost:9/hook', true)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(resolveWebhookTarget('http://[::ffff:169.254.169.254]/', false)).rejects.toBeInstanceOf(WebhookUrlError);
    await expect(resolveWebhookTarget('http://0x7f.1/', false)).rejects.toMatchObject({ problem: 'private' });
    await expect(resolveWebhookTarget('http://tidak-ada.invalid/', false)).rejects.toMatchObject({ problem: 'unresolvable' });
    await expect(resolveWebhookTarget('file:///etc/passwd', true)).rejects.toMatchObject({ problem: 'scheme' });
    expect(await resolveWebhookTarget('https://1.1.1.1/hook', false)).toEqual({ address: '1.1.1.1', family: 4 });
  });
});
