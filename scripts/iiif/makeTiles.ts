/**
 * `npm run iiif:tiles` (issue 52): makes the IIIF Image API tiles of every published photo that
 * lacks them (photos published before tiles existed, or whose tiles failed then), in the store
 * and the photo storage the server's configuration names (`.env`, `DATA_DIR` or `DATABASE_URL`,
 * `UPLOADS_DIR` or `UPLOADS_BUCKET`). Safe to run again: a photo with its tiles is left as it is.
 * Exits 0 when every photo has its tiles, 1 otherwise.
 */
import { normalizeArchive } from '@/lib/nodeModel';
import { tileMissing } from '../../server/uploads/imageTiles';
import { openKept, runCommand, serverConfig } from '../preservation/keptStores';

async function main(): Promise<number> {
  const kept = await openKept(serverConfig());
  try {
    if (kept.media === null) {
      console.info(
        'No photo storage is configured (UPLOADS_DIR or UPLOADS_BUCKET): nothing to tile.',
      );
      return 0;
    }
    const { nodes } = normalizeArchive(await kept.store.listNodes());
    const urls = nodes.flatMap((node) => node.images.map((image) => image.fullUrl));
    console.info(`Tiling the published photos in ${kept.uploads}…`);
    const report = await tileMissing(kept.media, urls, (line) => console.warn(line));
    console.info(
      `Tiles made for ${report.made} photos; ${report.had} had them; ${report.failed} could not be tiled.`,
    );
    return report.failed === 0 ? 0 : 1;
  } finally {
    await kept.close();
  }
}

runCommand(main);
