/**
 * Opens the photo storage the configuration names: a folder, or an S3 bucket (the AWS SDK is
 * loaded only then, so a local server starts without it).
 */
import { createFolderStorage } from './folderStorage';
import type { MediaStorage } from './mediaStorage';

/** The storage for `config` (`ServerConfig.uploads`). */
/** Where uploaded photos are kept. */
export type UploadsConfig =
  | {
      kind: 'folder';
      /**
       * `UPLOADS_DIR`, default `data/uploads`, created on the first upload. Absolute path. Null when
       * `ARCHIVE_FILE` is set and `UPLOADS_DIR` is not: a temporary folder, removed on stop.
       */
      dir: string | null;
    }
  | {
      kind: 's3';
      /** `UPLOADS_BUCKET`. */
      bucket: string;
      /** `UPLOADS_PUBLIC_URL`: the base URL visitors read objects from, without a trailing `/`. */
      publicUrl: string;
      /** `UPLOADS_PREFIX`: prepended to every key, '' or ending with `/`. */
      prefix: string;
    };

export async function openMediaStorage(config: UploadsConfig): Promise<MediaStorage> {
  if (config.kind === 'folder') return createFolderStorage({ dir: config.dir });
  const { createS3Storage } = await import('./s3Storage');
  return createS3Storage({
    bucket: config.bucket,
    publicUrl: config.publicUrl,
    prefix: config.prefix,
  });
}
