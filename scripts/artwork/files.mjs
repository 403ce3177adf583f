/** Where the artwork goes, and the small file helpers its modules share. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const publicDir = path.join(root, 'public');
export const sampleDir = path.join(publicDir, 'sample');
export const archivePath = path.join(root, 'server', 'data', 'sample-archive.json');

/** The sample archive's nodes (server/data/sample-archive.json). */
export function sampleNodes() {
  return JSON.parse(fs.readFileSync(archivePath, 'utf8')).nodes;
}

/** Writes a data URL's bytes to `file`, making its folder. */
export function writeDataUrl(file, dataUrl) {
  const comma = dataUrl.indexOf(',');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(dataUrl.slice(comma + 1), 'base64'));
}

/** Local URL of the sample archive → file under public/ (only `/sample/...` paths are ours). */
export function publicFile(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  return path.join(publicDir, ...url.slice(1).split('/'));
}

export const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

/** A file's size under public/, in KB, for the script's report. */
export const publicFileKb = (name) => kb(fs.statSync(path.join(publicDir, name)).size);

/** Bytes of every file under `dir`. */
export function sizeOf(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? sizeOf(p) : fs.statSync(p).size;
  }
  return total;
}
