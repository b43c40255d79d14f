import { Readable } from 'node:stream';
import {
  DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';
import type { S3Location } from '../../config/storage-url.js';
import { checkFixedPath, CONTENT_TYPES, generatedName, NAME_RE, type FileStore, type StoredExt, type StoredFile } from './storage.js';

/** A missing key or bucket: S3 answers 404 (NoSuchKey on GET, a bare NotFound on HEAD). */
function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.$metadata?.httpStatusCode === 404 || e?.name === 'NoSuchKey' || e?.name === 'NotFound';
}

/**
 * Files in an S3-compatible bucket (STORAGE_URL), under the same names as on disk, below the
 * URL's prefix. A PutObject is atomic (a reader sees the old object or the whole new one), so
 * there are no aside files to clean up after a crash.
 */
export class S3Store implements FileStore {
  readonly kind = 's3';
  readonly client: S3Client;

  constructor(readonly location: S3Location) {
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials: location.credentials,
      // The SDK's default CRC32 checksums on every request are refused by several S3-compatible
      // stores; a custom endpoint gets them only where the API requires one.
      ...(location.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } as const : {}),
    });
  }

  get bucket() {
    return this.location.bucket;
  }

  /** The object key of a stored name. */
  key(rel: string): string {
    return this.location.prefix ? `${this.location.prefix}/${rel}` : rel;
  }

  /** What this store is, for messages: never its credentials. */
  describe(): string {
    return `bucket "${this.bucket}"${this.location.prefix ? ` (prefix ${this.location.prefix}/)` : ''} at ${this.location.endpoint ?? `AWS ${this.location.region}`}`;
  }

  /** Throws when the bucket cannot be reached with these credentials (buckets are never created here). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async save(data: Buffer, ext: StoredExt, now = new Date(), opts: { private?: boolean } = {}): Promise<string> {
    const rel = generatedName(ext, now, opts.private);
    await this.put(rel, data);
    return rel;
  }

  async open(rel: string): Promise<StoredFile | null> {
    return NAME_RE.test(rel) ? this.get(rel) : null;
  }

  async remove(rel: string): Promise<boolean> {
    if (!NAME_RE.test(rel)) return false;
    // Deleting a missing key succeeds in S3.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(rel) }));
    return true;
  }

  async putAt(rel: string, data: Buffer): Promise<void> {
    await this.put(checkFixedPath(rel), data);
  }

  /** Nothing to do: PutObject never leaves half an object. */
  async removePartFiles(relDir: string): Promise<number> {
    checkFixedPath(relDir);
    return 0;
  }

  async sizeAt(rel: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(checkFixedPath(rel)) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async openAt(rel: string): Promise<StoredFile | null> {
    return this.get(checkFixedPath(rel));
  }

  /** Every object under the prefix, as stored names with their sizes (for a backup). */
  async *list(): AsyncGenerator<{ rel: string; size: number }> {
    const prefix = this.location.prefix ? `${this.location.prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { rel: o.Key.slice(prefix.length), size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Removes an object by stored name, whatever its shape (a restore with --force clearing what the archive lacks). */
  async removeAny(rel: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(rel) }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private async put(rel: string, data: Buffer) {
    const type = CONTENT_TYPES[rel.split('.').pop() ?? ''] ?? 'application/octet-stream';
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(rel), Body: data, ContentType: type, ContentLength: data.length }));
  }

  /** One GET: its body streams straight through, its Content-Length is the size. */
  private async get(rel: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(rel) }));
      if (!(res.Body instanceof Readable)) throw new Error(`S3 GetObject of ${rel} answered no stream`);
      return { stream: res.Body, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }
}
