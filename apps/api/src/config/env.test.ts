import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PLATFORM_API_KEY, loadConfig, loadStorageConfig } from './env.js';

const made: string[] = [];
const dir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'eo-env-'));
  made.push(d);
  return d;
};
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('configuration', () => {
  it('embedded defaults: port 3000, demo seed, demo platform key, a persisted secret', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d });
    expect(c.port).toBe(3000);
    expect(c.seedDemo).toBe(true);
    expect(c.platformApiKey).toBe(DEMO_PLATFORM_API_KEY);
    expect(c.accessTokenTtl).toBe(3600);
    expect(c.refreshTokenTtl).toBe(2592000);
    expect(readFileSync(path.join(d, 'jwt-secret'), 'utf8')).toBe(c.jwtSecret);
    expect(loadConfig({ DATA_DIR: d }).jwtSecret).toBe(c.jwtSecret);
  });

  it('server mode needs JWT_SECRET and seeds nothing unless SEED_DEMO=1', () => {
    const url = 'postgres://u@127.0.0.1:5432/db';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    const secret = 'x'.repeat(40);
    const c = loadConfig({ DATABASE_URL: url, JWT_SECRET: secret });
    expect(c.seedDemo).toBe(false);
    expect(c.platformApiKey).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: url, JWT_SECRET: secret, SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('names every invalid variable', () => {
    try {
      loadConfig({ PORT: 'abc', JWT_SECRET: 'short', DATA_DIR: dir() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain('PORT');
      expect((err as Error).message).toContain('JWT_SECRET');
    }
  });

  it('GEOCODER_URL must be a URL template with {q}; empty means unset', () => {
    const url = 'https://nominatim.openstreetmap.org/search?format=jsonv2&q={q}';
    expect(loadConfig({ DATA_DIR: dir(), GEOCODER_URL: url }).geocoderUrl).toBe(url);
    expect(loadConfig({ DATA_DIR: dir(), GEOCODER_URL: '' }).geocoderUrl).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir(), GEOCODER_URL: 'https://nominatim.openstreetmap.org/search' })).toThrow(/GEOCODER_URL/);
  });

  it('PUBLIC_SITE_NAME names the public pages: EO Dashboard unless set, trimmed, empty means unset, at most 60 characters', () => {
    expect(loadConfig({ DATA_DIR: dir() }).publicSiteName).toBe('EO Dashboard');
    expect(loadConfig({ DATA_DIR: dir(), PUBLIC_SITE_NAME: '' }).publicSiteName).toBe('EO Dashboard');
    expect(loadConfig({ DATA_DIR: dir(), PUBLIC_SITE_NAME: '  Tiket Pelajar ' }).publicSiteName).toBe('Tiket Pelajar');
    expect(() => loadConfig({ DATA_DIR: dir(), PUBLIC_SITE_NAME: 'x'.repeat(61) })).toThrow(/PUBLIC_SITE_NAME/);
  });

  it('WHATSAPP_*: unset is no WhatsApp; all four credentials turn it on with documented defaults; a part of them is a ConfigError', () => {
    expect(loadConfig({ DATA_DIR: dir() }).whatsapp).toBeUndefined();
    const creds = { WHATSAPP_TOKEN: 'EAAG-token', WHATSAPP_PHONE_NUMBER_ID: '106540352242922', WHATSAPP_APP_SECRET: 'app-secret', WHATSAPP_VERIFY_TOKEN: 'verify-me' };
    expect(loadConfig({ DATA_DIR: dir(), ...creds }).whatsapp).toEqual({
      token: 'EAAG-token', phoneNumberId: '106540352242922', appSecret: 'app-secret', verifyToken: 'verify-me',
      apiUrl: 'https://graph.facebook.com/v21.0', ratePerSecond: 20, retryBaseMs: 30_000, maxAttempts: 5, language: 'id',
      templates: {
        ticket: 'eo_eticket', declined: 'eo_registration_declined', waitlistOffer: 'eo_waitlist_offer',
        reminderDay: 'eo_reminder_day', reminderHour: 'eo_reminder_hour', certificate: 'eo_certificate_ready',
      },
    });
    const custom = loadConfig({ DATA_DIR: dir(), ...creds, WHATSAPP_API_URL: 'http://127.0.0.1:9/v22.0/', WHATSAPP_RATE: '5', WHATSAPP_LANGUAGE: 'en_US', WHATSAPP_TEMPLATE_TICKET: 'tiket_kami' }).whatsapp!;
    expect(custom).toMatchObject({ apiUrl: 'http://127.0.0.1:9/v22.0', ratePerSecond: 5, language: 'en_US', templates: { ticket: 'tiket_kami' } });
    expect(() => loadConfig({ DATA_DIR: dir(), WHATSAPP_TOKEN: 'x', WHATSAPP_APP_SECRET: 'y' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: required[\s\S]*WHATSAPP_VERIFY_TOKEN: required/);
    expect(() => loadConfig({ DATA_DIR: dir(), ...creds, WHATSAPP_TEMPLATE_TICKET: 'Tiket Kami' })).toThrow(ConfigError);
  });

  it('reads PORT and token lifetimes', () => {
    const c = loadConfig({ DATA_DIR: dir(), PORT: '4000', ACCESS_TOKEN_TTL: '600', REFRESH_TOKEN_TTL: '86400' });
    expect([c.port, c.accessTokenTtl, c.refreshTokenTtl]).toEqual([4000, 600, 86400]);
  });

  it('checks answers against their schemas everywhere but production (the default) and a benchmark', () => {
    expect(loadConfig({ DATA_DIR: dir() }).checkResponses).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: 'production' }).checkResponses).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: 'benchmark' }).checkResponses).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), NODE_ENV: 'development' }).checkResponses).toBe(true);
  });

  it('STORAGE_URL: unset or empty keeps files on disk; s3://bucket[/prefix]?endpoint&region is read, credentials beside it', () => {
    expect(loadConfig({ DATA_DIR: dir() }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), STORAGE_URL: '' }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), STORAGE_URL: 's3://eo-files' }).s3).toEqual({
      bucket: 'eo-files', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, credentials: undefined,
    });
    const env = { DATA_DIR: dir(), STORAGE_URL: 's3://eo-files/prod/files/?endpoint=http%3A%2F%2Fminio.local%3A9000&region=ap-southeast-3', AWS_ACCESS_KEY_ID: 'AK', AWS_SECRET_ACCESS_KEY: 'SK' };
    const expected = {
      bucket: 'eo-files', prefix: 'prod/files', endpoint: 'http://minio.local:9000', region: 'ap-southeast-3', forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
    };
    expect(loadConfig(env).s3).toEqual(expected);
    expect(loadStorageConfig(env).s3).toEqual(expected);
  });

  it('a malformed STORAGE_URL is a ConfigError saying what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['not a url', /STORAGE_URL: must look like s3:\/\/bucket/],
      ['https://eo-files.s3.amazonaws.com', /STORAGE_URL: must start with s3:\/\/ \(got https:\/\/\)/],
      ['s3:///prefix', /STORAGE_URL: names no bucket/],
      ['s3://EO_Files', /STORAGE_URL: bucket "EO_Files" is not a valid bucket name/],
      ['s3://ab', /bucket "ab" is not a valid bucket name/],
      ['s3://eo-files?endpoint=minio:9000', /STORAGE_URL: endpoint "minio:9000" is not an http\(s\) URL/],
      ['s3://eo-files?endpoint=not%20a%20url', /endpoint "not a url" is not an http\(s\) URL/],
      ['s3://eo-files?region=Jakarta!', /region "Jakarta!" is not a region name/],
      ['s3://eo-files?bucket=x', /unknown parameter bucket/],
      ['s3://key:secret@eo-files', /must not hold credentials/],
      ['s3://eo-files/../up', /prefix "..\/up" may hold only/],
      ['s3://eo-files/a/./b', /prefix "a\/.\/b" may hold only/],
    ];
    for (const [url, message] of cases) {
      expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_URL: url }), url).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_URL: url }), url).toThrow(message);
      expect(() => loadStorageConfig({ DATA_DIR: dir(), STORAGE_URL: url }), url).toThrow(message);
    }
  });
});
