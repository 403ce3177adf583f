/**
 * `npm run verify:bag PATH` (issue 52): checks a BagIt 1.0 bag's completeness and fixity (every
 * file its manifests list is there with its SHA-256, every payload file is listed, the
 * Payload-Oxum holds) and names every file missing, changed or not listed. Exits 0 for a valid
 * bag, 1 for one that is not, 2 when it was not asked right.
 */
import { resolve } from 'node:path';
import { verifyBag, type BagReport } from '../../server/preservation/bagit';

/** The report as a person reads it, a line each. */
export function reportLines(path: string, report: BagReport): string[] {
  const lines = [
    report.valid
      ? `${path}: a valid bag, ${report.files} files, ${report.bytes} bytes; every SHA-256 matches.`
      : `${path}: NOT a valid bag.`,
  ];
  for (const problem of report.problems) lines.push(`  problem: ${problem}`);
  for (const file of report.missing) lines.push(`  missing: ${file}`);
  for (const file of report.changed) lines.push(`  changed: ${file}`);
  for (const file of report.unlisted) lines.push(`  not in the manifest: ${file}`);
  return lines;
}

async function main(): Promise<number> {
  const [path, ...rest] = process.argv.slice(2);
  if (path === undefined || rest.length > 0 || path.startsWith('-')) {
    console.error("usage: npm run verify:bag PATH   (the bag's folder, where bagit.txt is)");
    return 2;
  }
  const report = await verifyBag(resolve(path));
  const lines = reportLines(path, report);
  (report.valid ? console.info : console.error)(lines.join('\n'));
  return report.valid ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname))
  void main().then((code) => process.exit(code));
