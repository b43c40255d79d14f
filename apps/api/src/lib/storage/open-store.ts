import path from 'node:path';
import { ConfigError, type Config } from '../../config/env.js';
import { DiskStore } from './disk-store.js';
import type { FileStore } from './storage.js';

/**
 * The store the configuration names: the bucket of STORAGE_URL, checked reachable (a wrong
 * endpoint, bucket or key fails the start, not the first upload), else DATA_DIR/files.
 */
export async function openStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStore> {
  if (!config.s3) return new DiskStore(path.join(config.dataDir, 'files'));
  // Loaded only when named: the AWS SDK is megabytes an API process on the disk would hold idle.
  const { S3Store } = await import('./s3-store.js');
  const store = new S3Store(config.s3);
  try {
    await store.check();
  } catch (err) {
    await store.close();
    const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    const why = status === 404 ? 'it does not exist (create it first: the app never creates buckets)'
      : status === 403 || status === 401 ? 'access denied: check AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY and the bucket policy'
      : `${e.name ?? 'error'}${status ? ` ${status}` : ''}: ${e.message ?? String(err)}`;
    throw new ConfigError(`STORAGE_URL: ${store.describe()} is not reachable: ${why}`);
  }
  return store;
}
