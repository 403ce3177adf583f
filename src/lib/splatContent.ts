/**
 * How a Gaussian splat file's bytes read, in one module for the nodes-service (which checks an
 * upload) and the capture viewer (which checks what it downloaded before Babylon sees it). Both
 * must read a file the way Babylon's splat loader will, or a file the service counted as small
 * can be something else to the viewer: Babylon reads a PLY header with regular expressions over
 * its first 10 KB (a `comment element vertex 60000000` line counts), and picks a format by the
 * first bytes whatever the file is called. So a header is accepted only in a plain form that
 * every reader reads alike, and a file only where its first bytes say what its name says.
 */

/** How much of a file Babylon's splat loader searches for a PLY header (`end_header`). */
export const PLY_HEADER_WINDOW = 10 * 1024;

const END_HEADER = 'end_header\n';

/**
 * Sizes of the PLY property types Babylon's splat loader knows. It adds nothing for any other
 * type (char, int8, float32…), so a row would be shorter to it than to the file.
 */
const PLY_TYPE_BYTES: Readonly<Record<string, number>> = {
  uchar: 1,
  short: 2,
  ushort: 2,
  uint16: 2,
  int: 4,
  uint: 4,
  float: 4,
  double: 8,
};

/** A PLY header that every reader reads alike. */
export interface PlyHeader {
  /** Vertices (splats or points) in the file. */
  vertices: number;
  /** Bytes of one vertex's row. */
  stride: number;
  /** Bytes of the header, `end_header` and its newline included: where the rows start. */
  length: number;
}

/** What `readPlyHeader` found: the header, or why it is refused (in words for the uploader). */
export type PlyReading = { ok: true; header: PlyHeader } | { ok: false; why: string };

/** The bytes as text, one character per byte: what a regular expression over them matches. */
function textOf(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    text += String.fromCharCode(...bytes.subarray(start, start + 8192));
  }
  return text;
}

/** Whether every byte is printable ASCII or a newline: then characters and bytes count alike. */
function isPlainText(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x0a || (byte >= 0x20 && byte <= 0x7e));
}

/**
 * The count Babylon reads for `element <name>`: the first match of its expression anywhere in its
 * window (comments and the rows after the header included), or null where none matches.
 */
function babylonCount(window: string, name: string): number | null {
  const match = new RegExp(`element ${name} (\\d+)\\n`).exec(window);
  return match ? Number.parseInt(match[1] ?? '', 10) : null;
}

const refuse = (why: string): PlyReading => ({ ok: false, why });

/**
 * Reads a binary little-endian PLY header of one `vertex` element with fixed-size properties
 * (what Babylon reads as a splat or a point cloud), refusing any header Babylon's loader could
 * read differently: one past its 10 KB window, with bytes that are not plain text, lines it splits
 * otherwise (double spaces, carriage returns), types it does not size, other elements (faces,
 * chunks) whose rows it places by its own rules, or an `element vertex`, `face` or `chunk` count
 * that its expressions find elsewhere (a comment) than in the element's own line. Rows must all
 * be there: `size` is the file's, of which `head` holds at least the first 10 KB (or all of a
 * smaller file).
 */
export function readPlyHeader(head: Uint8Array, size: number = head.length): PlyReading {
  const window = textOf(head.subarray(0, PLY_HEADER_WINDOW));
  const end = window.indexOf(END_HEADER);
  if (end < 0) {
    return refuse(`the PLY header does not end in its first ${PLY_HEADER_WINDOW / 1024} KB`);
  }
  const length = end + END_HEADER.length;
  if (!isPlainText(head.subarray(0, length))) return refuse('the PLY header is not plain text');
  const [magic, ...lines] = window.slice(0, end).split('\n');
  if (magic !== 'ply') return refuse('the file does not start as a PLY header');
  // The header ends with a newline before `end_header`: the last line is empty.
  if (lines.pop() !== '') return refuse('the PLY header does not end on a line of its own');
  let format: string | null = null;
  let vertices: number | null = null;
  let stride = 0;
  const properties = new Set<string>();
  for (const line of lines) {
    const words = line.split(' ');
    const [keyword, first, second] = words;
    if (keyword === 'comment' || keyword === 'obj_info') continue;
    if (keyword === 'format') {
      if (format !== null) return refuse('the PLY header names its format twice');
      format = words.slice(1).join(' ');
      if (format !== 'binary_little_endian 1.0') {
        return refuse('the PLY file is not binary little-endian');
      }
      continue;
    }
    if (format === null) return refuse('the PLY file is not binary little-endian');
    if (keyword === 'element' && words.length === 3) {
      if (first !== 'vertex') {
        return refuse(
          `it has PLY ${first ?? ''} elements; a splat or point cloud has only vertices`,
        );
      }
      if (vertices !== null) return refuse('the PLY header has two vertex elements');
      if (!/^\d{1,10}$/.test(second ?? '')) return refuse('the PLY vertex count is not a number');
      vertices = Number(second);
      continue;
    }
    if (keyword === 'property' && first === 'list') {
      return refuse('a PLY property is a list; a splat or point cloud has none');
    }
    if (keyword === 'property' && words.length === 3 && second !== '') {
      if (vertices === null) return refuse('a PLY property comes before its element');
      const size = PLY_TYPE_BYTES[first ?? ''];
      if (size === undefined) {
        return refuse(
          `a PLY vertex property is not a number type the viewer reads (${first ?? ''})`,
        );
      }
      stride += size;
      properties.add(second ?? '');
      continue;
    }
    return refuse(
      `the PLY header has a line the viewer would read differently ("${line.slice(0, 40)}")`,
    );
  }
  if (format === null) return refuse('the PLY file is not binary little-endian');
  if (vertices === null || vertices === 0) return refuse('the PLY file has no vertices');
  if (!['x', 'y', 'z'].every((axis) => properties.has(axis))) {
    return refuse('the PLY vertices have no positions');
  }
  // The element's own line matches too: another count can only come from a comment before it.
  const read = babylonCount(window, 'vertex') ?? 0;
  if (read !== vertices) {
    return refuse(
      `the PLY header reads two ways: its vertex element counts ${vertices.toLocaleString('en')}, a comment before it ${read.toLocaleString('en')}`,
    );
  }
  for (const other of ['face', 'chunk']) {
    if (babylonCount(window, other) !== null) {
      return refuse(
        `the PLY header reads two ways: a comment or the data names ${other} elements, which it has none of`,
      );
    }
  }
  if (size - length < vertices * stride) return refuse('the PLY file is cut short');
  return { ok: true, header: { vertices, stride, length } };
}

/**
 * Why Babylon's splat loader would read these `.splat` records as another format, or null when it
 * reads them as records. It goes by the first bytes whatever the name: a ZIP (a SOG archive, whose
 * unzipper it downloads from a CDN), gzip or `NGSP` (an .spz), or a PLY header anywhere in its
 * first 10 KB. `head` holds at least the file's first 10 KB (or all of a smaller file).
 */
export function splatRecordsProblem(head: Uint8Array): string | null {
  const [a, b, c, d] = head;
  if (a === 0x50 && b === 0x4b) return 'it starts as a ZIP archive';
  if (a === 0x1f && b === 0x8b) return 'it starts as a gzip file';
  if (a === 0x4e && b === 0x47 && c === 0x53 && d === 0x50) return 'it starts as an .spz file';
  if (textOf(head.subarray(0, PLY_HEADER_WINDOW)).includes(END_HEADER)) {
    return 'it holds a PLY header mark (end_header), which makes a viewer read it as a PLY';
  }
  return null;
}
