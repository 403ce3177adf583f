/**
 * robots.txt read as crawlers read it (issue 45): RFC 9309 (and Google) take the longest matching
 * rule, older parsers such as Python's `urllib.robotparser` the first one in the file. The served
 * file must say the same to both: the open data and OAI-PMH open, the rest of the API closed.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { callApp } from '../support/appRequest';

interface Rule {
  allow: boolean;
  path: string;
}

/** The rules of the group for `*` (the only group the archive writes), in file order. */
function starRules(robots: string): Rule[] {
  const rules: Rule[] = [];
  let inStar = false;
  let lastWasAgent = false;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      inStar = (lastWasAgent && inStar) || value === '*';
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (inStar && (key === 'allow' || key === 'disallow') && value !== '') {
      rules.push({ allow: key === 'allow', path: value });
    }
  }
  return rules;
}

/** RFC 9309 §2.2.2's matching: a prefix, with `*` for any run of characters and `$` for the end. */
function ruleMatches(rule: string, path: string): boolean {
  const anchored = rule.endsWith('$');
  const body = anchored ? rule.slice(0, -1) : rule;
  const pattern = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}${anchored ? '$' : ''}`).test(path);
}

/** RFC 9309: the longest match wins; an Allow and a Disallow of the same length, the Allow. */
function longestMatchAllows(robots: string, path: string): boolean {
  let best: Rule | null = null;
  for (const rule of starRules(robots)) {
    if (!ruleMatches(rule.path, path)) continue;
    if (
      best === null ||
      rule.path.length > best.path.length ||
      (rule.path.length === best.path.length && rule.allow)
    ) {
      best = rule;
    }
  }
  return best?.allow ?? true;
}

/** The first matching rule in the file wins, as `urllib.robotparser` reads it. */
function firstMatchAllows(robots: string, path: string): boolean {
  return starRules(robots).find((rule) => ruleMatches(rule.path, path))?.allow ?? true;
}

/** What a crawler may fetch and what it may not, as the archive means it. */
const MEANT: [string, boolean][] = [
  ['/', true],
  ['/video/gen-00000', true],
  ['/statement', true],
  ['/sitemap.xml', true],
  ['/api/oai', true],
  ['/api/oai?verb=Identify', true],
  ['/api/open-data/', true],
  ['/api/open-data/archive.csv', true],
  ['/api/open-data/archive.json', true],
  ['/api/nodes', false],
  ['/api/messages', false],
  ['/api/', false],
  ['/editor', false],
  ['/editor/items', false],
  ['/account', false],
  ['/signin', false],
  ['/env', false],
];

async function servedRobots(): Promise<string> {
  const handler = createNodesHandler({
    openStore: async () => createMemoryStore([]),
    siteUrl: () => 'https://archive.example.org',
  });
  const answer = await callApp(handler.app, { path: '/robots.txt' });
  expect(answer.status).toBe(200);
  return answer.text;
}

/** Python's own parser (first match), or why it cannot run here. */
const PYTHON_READER = `
import json, sys, urllib.robotparser
data = json.load(sys.stdin)
parser = urllib.robotparser.RobotFileParser()
parser.parse(data["robots"].splitlines())
print(json.dumps([parser.can_fetch("AnyBot", "https://archive.example.org" + p) for p in data["paths"]]))
`;
const pythonProbe = spawnSync('python3', ['-c', 'import urllib.robotparser'], { encoding: 'utf8' });
const pythonSkip =
  pythonProbe.error !== undefined || pythonProbe.status !== 0
    ? ` (skipped: python3 with urllib.robotparser is not available here: ${pythonProbe.error?.message ?? pythonProbe.stderr.trim()})`
    : '';

describe('robots.txt read by first-match and longest-match parsers', () => {
  it('means the same to an RFC 9309 (longest-match) reader and a first-match reader', async () => {
    const robots = await servedRobots();
    const longest = MEANT.map(([path]) => [path, longestMatchAllows(robots, path)]);
    const first = MEANT.map(([path]) => [path, firstMatchAllows(robots, path)]);
    expect(longest).toEqual(MEANT);
    expect(first).toEqual(MEANT);
  });

  it(`means the same to Python's urllib.robotparser${pythonSkip}`, async ({ skip }) => {
    if (pythonSkip !== '') skip();
    const robots = await servedRobots();
    const run = spawnSync('python3', ['-c', PYTHON_READER], {
      input: JSON.stringify({ robots, paths: MEANT.map(([path]) => path) }),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const allowed = JSON.parse(run.stdout) as boolean[];
    expect(MEANT.map(([path], index) => [path, allowed[index]])).toEqual(MEANT);
  });
});
