/**
 * How the capture viewer gets a capture's bytes to Babylon so that showing it makes the browser
 * fetch nothing else. The nodes-service checks what it stores, but a viewer also opens files it
 * did not check (an uploader's own, captures named by URL in the archive), so it checks again,
 * cheaply, where Babylon's loaders would otherwise go beyond the file:
 * - the splat loader picks a format by the first bytes, whatever the file is called, and reads a
 *   PLY header with expressions a comment can fool (see `readPlyHeader`): the file is downloaded
 *   once, its first 10 KB checked, and those same bytes handed over;
 * - by default the splat loader imports Adobe's .spz reader from unpkg.com and, for a ZIP, fflate
 *   from there too; texture loaders fetch KTX2 and Basis transcoders from Babylon's CDN and fflate
 *   for EXR: the viewer turns all of these off.
 * Draco and meshopt geometry need glTF extensions the viewer does not register: Babylon refuses a
 * model that requires them and ignores them otherwise, fetching nothing.
 */
import type { IInternalTextureLoader } from '@babylonjs/core/Materials/Textures/Loaders/internalTextureLoader';
import {
  registerTextureLoader,
  unregisterTextureLoader,
} from '@babylonjs/core/Materials/Textures/Loaders/textureLoaderManager';
import type { SPLATLoadingOptions } from '@babylonjs/loaders/SPLAT/splatLoadingOptions';
import type { CaptureFormat } from '@/lib/capture';
import { PLY_HEADER_WINDOW, readPlyHeader, splatRecordsProblem } from '@/lib/splatContent';

/**
 * The texture formats whose Babylon loaders download code when a texture needs them: the KTX2
 * and Basis transcoders (cdn.babylonjs.com) and fflate for EXR (unpkg.com). A glTF image typed
 * `image/ktx2` is read by the KTX loader whatever its extensions say.
 */
const DOWNLOADED_DECODER_TEXTURES = ['.ktx', '.ktx2', '.basis', '.exr'];

/** A texture loader that fails every texture it is given, at once. */
const REFUSING_LOADER: IInternalTextureLoader = {
  supportCascades: false,
  loadCubeData: (_data, _texture, _polynomials, _onLoad, onError) =>
    onError?.('The 3D viewer does not download texture decoders.'),
  loadData: (_data, _texture, callback) => callback(0, 0, false, false, () => undefined, true),
};

let refusing = false;

/**
 * Makes Babylon fail textures of the formats whose decoders it would download, instead of
 * downloading them. It holds for the whole page: nothing else in the app draws such textures.
 */
export function refuseDownloadedDecoders(): void {
  if (refusing) return;
  refusing = true;
  for (const extension of DOWNLOADED_DECODER_TEXTURES) {
    // In place of Babylon's own, which it registers the first time a texture needs one.
    unregisterTextureLoader(extension);
    registerTextureLoader(extension, () => REFUSING_LOADER);
  }
}

/** The splat loader's options: nothing it would import from elsewhere. */
export const SPLAT_LOADING_OPTIONS: Partial<SPLATLoadingOptions> = {
  // The built-in reader of gzip .spz (versions 2 and 3, what the archive takes), not Adobe's
  // WebAssembly one, which the loader imports from unpkg.com wherever WebAssembly exists.
  spzLibraryUrl: undefined,
  // A ZIP (a SOG archive) would have fflate imported from unpkg.com. None gets this far (see
  // `captureFileProblem`); if one did, it fails here.
  fflate: {
    unzipSync() {
      throw new Error('The 3D viewer does not open ZIP archives.');
    },
  },
};

/**
 * Downloads a capture, reporting progress (0-100) while its size is known.
 *
 * @throws Error when it does not arrive whole.
 */
export async function downloadCapture(
  url: string,
  onProgress?: (percent: number) => void,
): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The capture answered ${response.status}.`);
  const total = Number(response.headers.get('content-length') ?? Number.NaN);
  if (response.body === null || !(total > 0) || onProgress === undefined) {
    return await response.blob();
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(Math.min(100, Math.round((received / total) * 100)));
  }
  return new Blob(chunks);
}

/**
 * Why the viewer will not hand this file to Babylon as a capture in `format`, or null when it
 * will: its first bytes must be the format's, read the way the archive's checks read them.
 */
export async function captureFileProblem(
  file: Blob,
  format: CaptureFormat,
): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, PLY_HEADER_WINDOW).arrayBuffer());
  switch (format) {
    case 'glb':
      return new TextDecoder().decode(head.subarray(0, 4)) === 'glTF'
        ? null
        : 'it is not a glTF binary';
    case 'ply': {
      const reading = readPlyHeader(head, file.size);
      return reading.ok ? null : reading.why;
    }
    case 'splat':
      if (file.size === 0 || file.size % 32 !== 0) return 'a .splat file is whole 32-byte records';
      return splatRecordsProblem(head);
    case 'spz':
      return head[0] === 0x1f && head[1] === 0x8b ? null : 'an .spz file is gzip';
  }
}
