/**
 * Uploaded photos in an S3 bucket (`UPLOADS_BUCKET`), read by visitors from `UPLOADS_PUBLIC_URL`
 * (the bucket's website or a CDN in front of it). Region and credentials come from the standard
 * AWS environment (`AWS_REGION`, `AWS_ACCESS_KEY_ID`…, an instance or function role).
 */
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isUploadKey, UPLOAD_CACHE_CONTROL, type MediaStorage } from './mediaStorage';

/** The commands this storage sends; tests pass a fake `send` that records them. */
export type S3Command = PutObjectCommand | DeleteObjectCommand;

/** Sends one command to S3 (`S3Client.send`). */
export type S3Send = (command: S3Command) => Promise<unknown>;

/** Where in S3 photos go and where visitors read them. */
export interface S3StorageOptions {
  bucket: string;
  /** The public base URL objects are read from, without a trailing slash. */
  publicUrl: string;
  /** Prepended to every key (`photos/`), '' for none; ends with `/` when not empty. */
  prefix: string;
  /** Sends commands; by default an `S3Client` configured from the AWS environment. */
  send?: S3Send;
}

/** Creates the S3 storage. */
export function createS3Storage({
  bucket,
  publicUrl,
  prefix,
  send,
}: S3StorageOptions): MediaStorage {
  let client: S3Client | null = null;
  const sendCommand: S3Send =
    send ??
    ((command) => {
      client ??= new S3Client({});
      // The union is split so each call picks its overload of `send`.
      return command instanceof PutObjectCommand ? client.send(command) : client.send(command);
    });
  const base = `${publicUrl}/${prefix}`;

  return {
    folder: null,
    description: `s3://${bucket}/${prefix} (read at ${publicUrl})`,
    async put(key, body, contentType) {
      if (!isUploadKey(key)) throw new Error(`Not an upload key: ${key}`);
      await sendCommand(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${key}`,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      );
    },
    async delete(key) {
      if (!isUploadKey(key)) throw new Error(`Not an upload key: ${key}`);
      await sendCommand(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }));
    },
    urlOf: (key) => `${base}${key}`,
    owns: (url) => url.startsWith(base) && isUploadKey(url.slice(base.length)),
    close() {
      client?.destroy();
      return Promise.resolve();
    },
  };
}
