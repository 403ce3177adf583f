/**
 * Uploaded photos and 3D captures in an S3 bucket (`UPLOADS_BUCKET`), read by visitors from
 * `UPLOADS_PUBLIC_URL` (the bucket's website or a CDN in front of it). Region and credentials come
 * from the standard AWS environment (`AWS_REGION`, `AWS_ACCESS_KEY_ID`…, an instance or function
 * role). Visitors' uploads wait under `{prefix}pending/` until an editor publishes them; the
 * service alone reads them. An object appears whole or not at all (a put and a copy are single
 * requests), so a process killed half-way leaves no partial object: what it had still to do is
 * in the store's records, for the recovery.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  contentTypeOfKey,
  isPendingKey,
  isStoredKey,
  isUploadKey,
  PENDING_CACHE_CONTROL,
  UPLOAD_CACHE_CONTROL,
  type MediaStorage,
} from './mediaStorage';

/** The commands this storage sends; tests pass a fake `send` that records them. */
export type S3Command =
  | PutObjectCommand
  | GetObjectCommand
  | HeadObjectCommand
  | CopyObjectCommand
  | DeleteObjectCommand
  | ListObjectsV2Command;

/** What `ListObjectsV2` answers that this storage reads. */
interface ListAnswer {
  Contents?: { Key?: string }[];
  IsTruncated?: boolean;
  NextContinuationToken?: string;
}

/** What `GetObject` answers that this storage reads: the body's bytes. */
interface GetObjectAnswer {
  Body?: { transformToByteArray(): Promise<Uint8Array> };
}

/** Whether S3 answered that the object is not there. */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/** A key this storage may be asked to hold, or throws (a bug, never a visitor's input). */
function checked(key: string): string {
  if (!isStoredKey(key)) throw new Error(`Not an upload key: ${key}`);
  return key;
}

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
      if (command instanceof PutObjectCommand) return client.send(command);
      if (command instanceof GetObjectCommand) return client.send(command);
      if (command instanceof HeadObjectCommand) return client.send(command);
      if (command instanceof CopyObjectCommand) return client.send(command);
      if (command instanceof ListObjectsV2Command) return client.send(command);
      return client.send(command);
    });
  const base = `${publicUrl}/${prefix}`;

  return {
    folder: null,
    description: `s3://${bucket}/${prefix} (read at ${publicUrl})`,
    async put(key, body, contentType) {
      await sendCommand(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${checked(key)}`,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: isPendingKey(key) ? PENDING_CACHE_CONTROL : UPLOAD_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const answer = (await sendCommand(
          new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${checked(key)}` }),
        )) as GetObjectAnswer;
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        await sendCommand(
          new HeadObjectCommand({ Bucket: bucket, Key: `${prefix}${checked(key)}` }),
        );
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async publish(from, to) {
      if (!isPendingKey(from) || !isUploadKey(to)) {
        throw new Error(`Not a pending and a public key: ${from}, ${to}`);
      }
      // The copy gets the public file's headers, not the private copy's `no-store`.
      await sendCommand(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${to}`,
          // S3 reads the source as a URL path.
          CopySource: `${bucket}/${encodeURI(`${prefix}${from}`)}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentTypeOfKey(to),
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      );
    },
    async delete(key) {
      await sendCommand(
        new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${checked(key)}` }),
      );
    },
    // Nothing is ever half-written in a bucket (see above).
    async *keys() {
      let token: string | undefined;
      do {
        const answer = (await sendCommand(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )) as ListAnswer;
        for (const { Key } of answer.Contents ?? []) {
          if (Key === undefined || !Key.startsWith(prefix)) continue;
          const key = Key.slice(prefix.length);
          if (isStoredKey(key)) yield key;
        }
        token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
      } while (token);
    },
    removeLeftovers: () => Promise.resolve(0),
    urlOf: (key) => `${base}${key}`,
    keyOf: (url) =>
      url.startsWith(base) && isUploadKey(url.slice(base.length)) ? url.slice(base.length) : null,
    owns: (url) => url.startsWith(base) && isUploadKey(url.slice(base.length)),
    close() {
      client?.destroy();
      return Promise.resolve();
    },
  };
}
