/**
 * The built app into the stack's private bucket, each file with the type and the caching the
 * Node server gives it (hashed assets a year, public images a day, the rest revalidated), source
 * maps left out, index.html last (a visitor never gets a page whose scripts are not there yet);
 * then CloudFront is told to forget what it holds.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { cacheControl, contentTypeOf, isSourceMap } from '../../server/app/staticFiles';

export interface SiteFile {
  /** The object's key (`assets/index-1a2b.js`). */
  key: string;
  path: string;
  contentType: string;
  cacheControl: string;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files of a built app to upload, in the order they go up. */
export function siteFiles(dist: string): SiteFile[] {
  const files = filesUnder(dist)
    .filter((path) => !isSourceMap(path))
    .map((path) => {
      const key = relative(dist, path).split(sep).join('/');
      const contentType = contentTypeOf(path);
      return { key, path, contentType, cacheControl: cacheControl(`/${key}`, contentType) };
    });
  const last = (file: SiteFile) => (file.key === 'index.html' ? 1 : 0);
  return files.sort((a, b) => last(a) - last(b) || a.key.localeCompare(b.key));
}

/** Uploads the built app and invalidates the distribution's copies. */
export async function uploadSite(dist: string, bucket: string, distributionId: string) {
  const s3 = new S3Client({});
  const files = siteFiles(dist);
  for (const file of files) {
    await s3.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: file.key,
        Body: readFileSync(file.path),
        ContentType: file.contentType,
        CacheControl: file.cacheControl,
      }),
    );
  }
  await new CloudFrontClient({}).send(
    new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: {
        CallerReference: `deploy-${Date.now()}`,
        Paths: { Quantity: 1, Items: ['/*'] },
      },
    }),
  );
  return files.length;
}
