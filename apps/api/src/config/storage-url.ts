import { z } from 'zod';

/** Where files live when STORAGE_URL is set: an S3-compatible bucket, optionally under a key prefix. */
export interface S3Location {
  bucket: string;
  /** Key prefix without slashes at either end ('' for the bucket's root). */
  prefix: string;
  /** A non-AWS store (MinIO, R2, s3rver…); undefined: AWS itself. */
  endpoint?: string;
  region: string;
  /** Path-style addressing (`endpoint/bucket/key`): what S3-compatible servers expect. */
  forcePathStyle: boolean;
  /** From AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY of the configuration; undefined: the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

// S3's own bucket naming rules (lower case, 3-63 characters, no leading or trailing dot or dash).
const BUCKET_RE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

const storageUrlSchema = z
  .string()
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must look like s3://bucket[/prefix]?endpoint=https://…&region=…' });
      return z.NEVER;
    }
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (url.protocol !== 's3:') return fail(`must start with s3:// (got ${url.protocol}//)`);
    if (url.username || url.password) return fail('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
    // Bucket and prefix as written: URL would lower-case the one and resolve `..` in the other.
    const [, bucket = '', rawPath = ''] = /^s3:\/\/([^/?#]*)([^?#]*)/i.exec(value) ?? [];
    if (!bucket) return fail('names no bucket: s3://bucket[/prefix]');
    if (!BUCKET_RE.test(bucket)) return fail(`bucket "${bucket}" is not a valid bucket name (3-63 lower-case letters, digits, dots and dashes)`);
    let prefix: string;
    try {
      prefix = decodeURIComponent(rawPath).replace(/^\/+|\/+$/g, '');
    } catch {
      return fail(`prefix "${rawPath}" is not valid percent-encoding`);
    }
    if (prefix && !PREFIX_RE.test(prefix)) return fail(`prefix "${prefix}" may hold only letters, digits, "_", "-", "." and "/" between segments`);
    const known = new Set(['endpoint', 'region']);
    const unknown = [...url.searchParams.keys()].filter((k) => !known.has(k));
    if (unknown.length) return fail(`unknown parameter ${unknown.join(', ')} (known: endpoint, region)`);
    const endpoint = url.searchParams.get('endpoint') || undefined;
    if (endpoint !== undefined) {
      if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) return fail(`endpoint "${endpoint}" is not an http(s) URL`);
    }
    const region = url.searchParams.get('region') || 'us-east-1';
    if (!/^[a-z0-9-]{1,40}$/.test(region)) return fail(`region "${region}" is not a region name`);
    return { bucket, prefix, endpoint, region, forcePathStyle: endpoint !== undefined };
  });

/**
 * STORAGE_URL=s3://bucket[/prefix]?endpoint=…&region=… read into an S3Location; the issues of a
 * malformed one, each a sentence. Credentials come beside it (never inside the URL, which is logged).
 */
export function parseStorageUrl(value: string, env: { AWS_ACCESS_KEY_ID?: string; AWS_SECRET_ACCESS_KEY?: string } = {}): { location?: S3Location; issues: string[] } {
  const parsed = storageUrlSchema.safeParse(value);
  if (!parsed.success) return { issues: parsed.error.issues.map((i) => i.message) };
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  return { location: { ...parsed.data, credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined }, issues: [] };
}
