/**
 * The capture viewer's own defence (issue 27): it downloads nothing but the capture (no decoder
 * from a CDN for a texture, an .spz or a ZIP), and hands Babylon no file its loaders would read
 * otherwise than the archive's checks (an ambiguous PLY header, records that look like a ZIP).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { _GetCompatibleTextureLoader } from '@babylonjs/core/Materials/Textures/Loaders/textureLoaderManager';
import type { InternalTexture } from '@babylonjs/core/Materials/Textures/internalTexture';
import { SPLATFileLoader } from '@babylonjs/loaders/SPLAT/splatFileLoader.pure';
import { describe, expect, it } from 'vitest';
import {
  captureFileProblem,
  downloadCapture,
  refuseDownloadedDecoders,
  SPLAT_LOADING_OPTIONS,
} from '@/capture/captureLoading';

/** Whether the texture loader Babylon picks for this type fails a texture, and its class name. */
async function textureLoaderFor(mimeType: string, extension = '.glb#image0') {
  const loader = await _GetCompatibleTextureLoader(extension, mimeType);
  if (loader === null) return null;
  let failed: boolean | undefined;
  if (loader.constructor.name === 'Object') {
    loader.loadData(new Uint8Array(4), {} as InternalTexture, (...args) => {
      failed = args[5];
    });
  }
  return { name: loader.constructor.name, failed };
}

const ply = (lines: string[], rows: number) =>
  new Blob([
    ['ply', 'format binary_little_endian 1.0', ...lines, 'end_header', ''].join('\n'),
    new Uint8Array(rows),
  ]);
const XYZ = ['property float x', 'property float y', 'property float z'];

describe('the capture viewer’s loaders', () => {
  it('fail a KTX2, Basis or EXR texture instead of downloading its decoder', async () => {
    // Babylon's own choice for a glTF image typed image/ktx2: its KTX loader, whose
    // transcoder comes from cdn.babylonjs.com.
    expect((await textureLoaderFor('image/ktx2'))?.name).toBe('_KTXTextureLoader');
    refuseDownloadedDecoders();
    refuseDownloadedDecoders();
    for (const [type, extension] of [
      ['image/ktx2', '.glb#image0'],
      ['image/ktx', '.glb#image0'],
      ['', '.ktx2'],
      ['', '.basis'],
      ['', '.exr'],
    ] as const) {
      expect(await textureLoaderFor(type, extension), `${type} ${extension}`).toEqual({
        name: 'Object',
        failed: true,
      });
    }
    // PNG and JPEG textures are the browser's to decode: no loader of Babylon's.
    expect(await textureLoaderFor('image/png')).toBeNull();
  });

  it('read .spz with the built-in reader and open no ZIP, rather than import code from unpkg.com', () => {
    const options = (loader: SPLATFileLoader) =>
      (loader as unknown as { _loadingOptions: Record<string, unknown> })._loadingOptions;
    // By default, wherever WebAssembly exists, Adobe's reader is imported from unpkg.com.
    expect(options(new SPLATFileLoader()).spzLibraryUrl).toMatch(/^https:\/\/unpkg\.com\//);
    const safe = options(new SPLATFileLoader(SPLAT_LOADING_OPTIONS));
    expect(safe.spzLibraryUrl).toBeUndefined();
    const fflate = safe.fflate as { unzipSync: () => unknown };
    expect(() => fflate.unzipSync()).toThrow('The 3D viewer does not open ZIP archives.');
  });
});

describe('captureFileProblem', () => {
  it('refuses a PLY header that Babylon reads otherwise, before Babylon sees it', async () => {
    expect(await captureFileProblem(ply(['element vertex 2', ...XYZ], 24), 'ply')).toBeNull();
    const shadowed = ply(['comment element vertex 60000000', 'element vertex 1', ...XYZ], 12);
    expect(await captureFileProblem(shadowed, 'ply')).toBe(
      'the PLY header reads two ways: its vertex element counts 1, a comment before it 60,000,000',
    );
    expect(await captureFileProblem(ply(['element vertex 2', ...XYZ], 12), 'ply')).toBe(
      'the PLY file is cut short',
    );
  });

  it('takes each format only as its first bytes say', async () => {
    const records = new Uint8Array(64);
    expect(await captureFileProblem(new Blob([records]), 'splat')).toBeNull();
    records.set([0x50, 0x4b]);
    expect(await captureFileProblem(new Blob([records]), 'splat')).toBe(
      'it starts as a ZIP archive',
    );
    expect(await captureFileProblem(new Blob([new Uint8Array(40)]), 'splat')).toMatch(/32-byte/);
    expect(await captureFileProblem(new Blob(['glTF', new Uint8Array(16)]), 'glb')).toBeNull();
    expect(await captureFileProblem(new Blob(['<!doctype html>']), 'glb')).toBe(
      'it is not a glTF binary',
    );
    expect(await captureFileProblem(new Blob([new Uint8Array([0x1f, 0x8b, 8])]), 'spz')).toBeNull();
    expect(await captureFileProblem(new Blob(['NGSP']), 'spz')).toBe('an .spz file is gzip');
  });
});

describe('downloadCapture', () => {
  it('downloads the capture once, reporting progress, and fails on an error status', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    const server = createServer((req, res) => {
      if (req.url === '/missing.glb') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'Content-Length': String(bytes.length) });
      res.end(bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const progress: number[] = [];
      const blob = await downloadCapture(`${base}/house.glb`, (percent) => progress.push(percent));
      expect(Buffer.from(await blob.arrayBuffer()).equals(bytes)).toBe(true);
      expect(progress.at(-1)).toBe(100);
      await expect(downloadCapture(`${base}/missing.glb`)).rejects.toThrow('answered 404');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
