/**
 * What a glTF model's JSON may hold, read after the JSON was parsed within bounds (see
 * `parseBoundedJson`): nothing that makes a browser fetch anything, no extension the archive's
 * viewer does not register, and textures only in the formats a browser decodes by itself.
 */

/**
 * glTF extensions a model may use: those Babylon's loader decodes by itself, which are the ones
 * the viewer registers. Draco and meshopt geometry (KHR_draco_mesh_compression,
 * EXT_meshopt_compression, KHR_meshopt_compression) and Basis or KTX2 textures
 * (KHR_texture_basisu) are left out on purpose: Babylon fetches their decoders from a CDN when a
 * model needs them, a request to elsewhere that a visitor's browser would make.
 */
export const ALLOWED_EXTENSIONS = new Set([
  'KHR_materials_emissive_strength',
  'KHR_materials_ior',
  'KHR_materials_specular',
  'KHR_materials_unlit',
  'KHR_mesh_quantization',
  'KHR_texture_transform',
  'KHR_gaussian_splatting',
]);

/** A JSON object (not an array). */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** The items of a JSON array; none for anything else. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A whole number of at least 0 (an index, a length). */
export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The first `uri` anywhere in the document (any would make a browser fetch it) and the first
 * extension an `extensions` object names that the archive does not take (a loader reads one
 * where it is found, listed in `extensionsUsed` or not). The document's depth is bounded
 * (`maxJsonDepth`) before it is walked.
 */
export function findOutside(
  value: unknown,
  path: string,
): { uri: string } | { extension: string } | null {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findOutside(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'uri') return { uri: `${path}.uri` };
    if (key === 'extensions' && isObject(child)) {
      const unknown = Object.keys(child).find((name) => !ALLOWED_EXTENSIONS.has(name));
      if (unknown !== undefined) return { extension: unknown };
    }
    const found = findOutside(child, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/**
 * The first bytes of the image formats a model's textures may be in: the two of glTF itself,
 * which a browser decodes. Any other type is read by a texture loader of its own (`image/ktx2`
 * by Babylon's KTX2 loader, whose decoder comes from a CDN).
 */
const IMAGE_SIGNATURES: Readonly<Record<string, { name: string; signature: number[] }>> = {
  'image/png': { name: 'PNG', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'image/jpeg': { name: 'JPEG', signature: [0xff, 0xd8, 0xff] },
};

/**
 * Why an image of the model is not a PNG or JPEG inside its binary chunk (which starts at
 * `binStart`, its buffer views already checked to lie inside it), or null when every one is.
 */
export function imageProblem(
  document: Record<string, unknown>,
  bytes: Buffer,
  binStart: number,
): string | null {
  const views = listOf(document.bufferViews);
  for (const image of listOf(document.images)) {
    const view = isObject(image) && isCount(image.bufferView) ? views[image.bufferView] : null;
    if (!isObject(image) || !isObject(view)) return 'a texture is not inside the file';
    const type = typeof image.mimeType === 'string' ? image.mimeType.slice(0, 40) : 'of no type';
    const format = IMAGE_SIGNATURES[type];
    if (format === undefined) {
      return `a texture is ${type}; the archive takes PNG and JPEG textures, which a browser shows without a downloaded decoder`;
    }
    const start = binStart + 8 + (isCount(view.byteOffset) ? view.byteOffset : 0);
    const length = isCount(view.byteLength) ? view.byteLength : 0;
    const head = bytes.subarray(start, start + Math.min(length, format.signature.length));
    if (!format.signature.every((byte, i) => head[i] === byte)) {
      return `a texture is not the ${format.name} image it says it is`;
    }
  }
  return null;
}
