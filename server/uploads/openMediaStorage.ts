/**
 * Opens the photo storage the configuration names: a folder, or an S3 bucket (the AWS SDK is
 * loaded only then, so a local server starts without it).
 */
import type { UploadsConfig } from '../config';
import { createFolderStorage } from './folderStorage';
import type { MediaStorage } from './mediaStorage';

/** The storage for `config` (`ServerConfig.uploads`). */
export async function openMediaStorage(config: UploadsConfig): Promise<MediaStorage> {
  if (config.kind === 'folder') return createFolderStorage({ dir: config.dir });
  const { createS3Storage } = await import('./s3Storage');
  return createS3Storage({
    bucket: config.bucket,
    publicUrl: config.publicUrl,
    prefix: config.prefix,
  });
}
