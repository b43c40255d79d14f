import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface S3TestServer {
  /** The STORAGE_URL naming the bucket. */
  url: string;
  endpoint: string;
  bucket: string;
  /** STORAGE_URL and the credentials, for a configuration or a child process's environment. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a free port of 127.0.0.1, storing in a temporary
 * folder, with one empty bucket made through the S3 API (the app never creates buckets).
 */
export async function startS3Server(opts: { bucket?: string; prefix?: string } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'eo-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const bucket = opts.bucket ?? 'eo-test-files';
  const client = new S3Client({
    endpoint, region: 'us-east-1', forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3RVER_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  const url = `s3://${bucket}${opts.prefix ? `/${opts.prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;
  return {
    url, endpoint, bucket,
    env: { STORAGE_URL: url, ...S3RVER_CREDENTIALS },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
