/**
 * A splat file reads the same to the archive's checks as to the viewer's loader (issue 27,
 * finding 7): compared with Babylon's own PLY readers, run here on the same bytes.
 */
import { GaussianSplattingMeshBase } from '@babylonjs/core/Meshes/GaussianSplatting/gaussianSplattingMeshBase.pure';
import { SPLATFileLoader } from '@babylonjs/loaders/SPLAT/splatFileLoader.pure';
import { describe, expect, it } from 'vitest';
import { readPlyHeader, splatRecordsProblem } from '@/lib/splatContent';

const XYZ = ['property float x', 'property float y', 'property float z'];

/** A PLY of these header lines (between `ply` and `end_header`) and `rows` bytes of rows. */
function ply(lines: string[], rows: number, newline = '\n'): Uint8Array<ArrayBuffer> {
  const header = ['ply', ...lines, 'end_header', ''].join(newline);
  const bytes = new Uint8Array(header.length + rows);
  bytes.set(Buffer.from(header, 'latin1'));
  return bytes;
}

const plain = (count: number, extra: string[] = []) =>
  ply(['format binary_little_endian 1.0', `element vertex ${count}`, ...XYZ, ...extra], 0);

/** What Babylon's splat loader reads: its vertex count and the bytes of one row. */
async function babylonReads(bytes: Uint8Array<ArrayBuffer>) {
  const header = GaussianSplattingMeshBase.ParseHeader(bytes.buffer);
  const loader = SPLATFileLoader as unknown as {
    _ConvertPLYToSplat(data: ArrayBuffer): Promise<{ data: ArrayBuffer }>;
  };
  const splats = await loader._ConvertPLYToSplat(bytes.buffer);
  // The loader's output is 32 bytes a splat.
  return {
    vertices: header?.vertexCount,
    stride: header?.rowVertexLength,
    loaded: splats.data.byteLength / 32,
  };
}

const why = (bytes: Uint8Array) => {
  const reading = readPlyHeader(bytes);
  return reading.ok ? null : reading.why;
};

describe('readPlyHeader', () => {
  it('reads what Babylon reads, count and row, for the headers it takes', async () => {
    const headers = [
      ['format binary_little_endian 1.0', 'element vertex 3', ...XYZ],
      [
        'format binary_little_endian 1.0',
        'comment made by a scanner',
        'obj_info a drone survey',
        'element vertex 5',
        ...XYZ,
        'property uchar red',
        'property double opacity',
        'property ushort scale_0',
      ],
    ];
    for (const lines of headers) {
      const head = ply(lines, 0);
      const reading = readPlyHeader(head, Number.MAX_SAFE_INTEGER);
      expect(reading.ok, lines.join(' / ')).toBe(true);
      if (!reading.ok) continue;
      const { vertices, stride } = reading.header;
      const whole = ply(lines, vertices * stride);
      expect(readPlyHeader(whole)).toEqual(reading);
      expect(await babylonReads(whole)).toEqual({ vertices, stride, loaded: vertices });
    }
  });

  it('refuses a header whose element line a comment shadows: the loader reads the comment', async () => {
    const shadowed = [
      'format binary_little_endian 1.0',
      'comment element vertex 7',
      'element vertex 1',
      ...XYZ,
    ];
    // The file says one vertex; Babylon's readers count seven, and load seven where the bytes
    // are there (at 60,000,000 they take 1.9 GB first).
    const bytes = ply(shadowed, 7 * 12);
    expect(await babylonReads(bytes)).toMatchObject({ vertices: 7, loaded: 7 });
    expect(why(bytes)).toBe(
      'the PLY header reads two ways: its vertex element counts 1, a comment before it 7',
    );
    const bomb = ply(
      [
        'format binary_little_endian 1.0',
        'comment element vertex 60000000',
        'element vertex 1',
        ...XYZ,
      ],
      12,
    );
    expect(why(bomb)).toMatch(/its vertex element counts 1, a comment before it 60,000,000$/);
    // Chunks or faces Babylon would find in the rows after the header make it read them as such.
    const inRows = new Uint8Array([...plain(1), ...Buffer.from('element chunk 9\n')]);
    expect(why(inRows)).toMatch(/a comment or the data names chunk elements/);
    const faces = new Uint8Array([...plain(2), ...Buffer.from('comment element face 3\n'), 0, 0]);
    expect(why(faces)).toMatch(/a comment or the data names face elements/);
  });

  it('refuses what the loader would split, size or place otherwise', () => {
    const cases: [string[], string, RegExp][] = [
      [
        ['format binary_little_endian 1.0', 'element vertex  1', ...XYZ],
        'two spaces',
        /read differently/,
      ],
      [
        ['format binary_little_endian 1.0', 'element vertex 1 ', ...XYZ],
        'a trailing space',
        /read differently/,
      ],
      [
        ['format binary_little_endian 1.0', 'element vertex 1', ...XYZ, 'property float32 opacity'],
        'float32',
        /not a number type the viewer reads \(float32\)/,
      ],
      [
        ['format binary_little_endian 1.0', 'element vertex 1', ...XYZ, 'property char flag'],
        'char',
        /\(char\)/,
      ],
      [
        [
          'format binary_little_endian 1.0',
          'element vertex 1',
          ...XYZ,
          'element face 1',
          'property list uchar int vertex_indices',
        ],
        'faces',
        /PLY face elements/,
      ],
      [
        [
          'format binary_little_endian 1.0',
          'element chunk 1',
          'property float min_x',
          'element vertex 1',
          ...XYZ,
        ],
        'chunks',
        /PLY chunk elements/,
      ],
      [
        ['format binary_little_endian 1.0', 'element vertex 1', ...XYZ, 'element vertex 1'],
        'two vertex elements',
        /two vertex elements/,
      ],
      [
        ['format binary_little_endian 1.0', 'element vertex 1e3', ...XYZ],
        'an exponent',
        /not a number/,
      ],
      [
        [
          'format binary_little_endian 1.0',
          'property float x',
          'element vertex 1',
          'property float y',
          'property float z',
        ],
        'a property first',
        /before its element/,
      ],
      [['format ascii 1.0', 'element vertex 1', ...XYZ], 'text', /not binary little-endian/],
      [['element vertex 1', ...XYZ], 'no format', /not binary little-endian/],
      [
        ['format binary_little_endian 1.0', 'element vertex 1', 'property float x'],
        'no y and z',
        /no positions/,
      ],
      [
        ['format binary_little_endian 1.0', 'element vertex 0', ...XYZ],
        'no vertices',
        /no vertices/,
      ],
    ];
    for (const [lines, name, message] of cases) {
      expect(why(ply(lines, 64)), name).toMatch(message);
    }
    const crlf = ply(['format binary_little_endian 1.0', 'element vertex 1', ...XYZ], 12, '\r\n');
    expect(why(crlf)).toMatch(/does not end|reads differently|read differently|not binary/);
    const accented = ply(
      ['format binary_little_endian 1.0', 'comment café', 'element vertex 1', ...XYZ],
      12,
    );
    expect(why(accented)).toBe('the PLY header is not plain text');
    expect(why(plain(2))).toBe('the PLY file is cut short');
    // Past the loader's 10 KB window it reads the file as .splat records instead.
    const long = ply(
      [
        'format binary_little_endian 1.0',
        `comment ${'x'.repeat(10_300)}`,
        'element vertex 1',
        ...XYZ,
      ],
      12,
    );
    expect(why(long)).toBe('the PLY header does not end in its first 10 KB');
  });
});

describe('splatRecordsProblem', () => {
  const records = (count: number) => new Uint8Array(count * 32);

  it('passes records, and refuses bytes the loader would read as a ZIP, an .spz or a PLY', () => {
    expect(splatRecordsProblem(records(4))).toBeNull();
    const zip = records(4);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    expect(splatRecordsProblem(zip)).toBe('it starts as a ZIP archive');
    const gzip = records(4);
    gzip.set([0x1f, 0x8b]);
    expect(splatRecordsProblem(gzip)).toBe('it starts as a gzip file');
    const ngsp = records(4);
    ngsp.set(Buffer.from('NGSP'));
    expect(splatRecordsProblem(ngsp)).toBe('it starts as an .spz file');
    const marked = records(400);
    marked.set(Buffer.from('end_header\n'), 5000);
    expect(splatRecordsProblem(marked)).toMatch(/PLY header mark/);
    // Past the loader's window the mark means nothing to it.
    const late = records(400);
    late.set(Buffer.from('end_header\n'), 11_000);
    expect(splatRecordsProblem(late)).toBeNull();
  });
});
