/**
 * OAI-PMH lists while the archive changes (issue 45): keyset resumption tokens on (datestamp,
 * identifier) with the harvest's `until` fixed at its first page, so an item edited, hidden or
 * added between two pages shifts nothing and no unchanged record is missed; what changed comes
 * with the next incremental harvest (`from` = the first page's responseDate). Tokens are read
 * strictly. Every answer is validated against the official schemas.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OAI_PAGE_SIZE } from '../../../../server/oai/oaiPmh';
import {
  ID_PREFIX,
  multilingualArchive,
  oaiService,
  received,
  resumeQuery,
  schemaErrors,
  type OaiAnswer,
} from '../support/oaiHarness';

afterEach(async () => {
  vi.useRealTimers();
  expect(await schemaErrors(received.splice(0))).toEqual([]);
});

/** A record of a list: its id, whether deleted, and its title. */
interface Seen {
  id: string;
  deleted: boolean;
  title: string | null;
}

function recordsOf(answer: OaiAnswer): Seen[] {
  return answer.all('record').map((record) => {
    const header = record.getElementsByTagNameNS('*', 'header')[0];
    return {
      id: (header?.getElementsByTagNameNS('*', 'identifier')[0]?.textContent ?? '').slice(
        ID_PREFIX.length,
      ),
      deleted: header?.getAttribute('status') === 'deleted',
      title: record.getElementsByTagNameNS('*', 'title')[0]?.textContent ?? null,
    };
  });
}

/** A clock the test moves: the store's and the service's. */
function clock() {
  const start = Date.parse('2026-03-02T10:00:00Z');
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  return { at: (seconds: number) => vi.setSystemTime(start + seconds * 1000) };
}

/**
 * Harvests a whole ListRecords, calling `between(page)` after each page is answered and before
 * the next is asked for; returns the records and the first page's responseDate.
 */
async function harvest(
  oai: (query: string) => Promise<OaiAnswer>,
  first: string,
  between: (page: number) => Promise<void> = async () => {},
): Promise<{ records: Seen[]; responseDate: string; pages: number }> {
  let answer = await oai(first);
  const responseDate = answer.text('responseDate')[0] ?? '';
  const records: Seen[] = [];
  for (let page = 1; ; page++) {
    expect(answer.code, answer.xml.slice(0, 400)).toBeNull();
    records.push(...recordsOf(answer));
    if (!answer.token) return { records, responseDate, pages: page };
    await between(page);
    answer = await oai(resumeQuery('ListRecords', answer.token));
  }
}

const count = (records: readonly Seen[], id: string) => records.filter((r) => r.id === id).length;

describe('OAI-PMH paging while the archive changes', () => {
  it('misses no unchanged record when items are edited, hidden, deleted, added between pages', async () => {
    const time = clock();
    const archive = multilingualArchive(350);
    const { store, oai } = oaiService(archive);
    const ids = archive.map((node) => node.video_id as string);
    const edit = async (id: string, title: string) => {
      const stored = await store.getNode(id);
      await store.updateNode(id, { ...stored?.node, title }, stored?.version ?? 0, 'alice');
    };
    time.at(10);
    const changed = new Set<string>();
    const { records, responseDate, pages } = await harvest(
      oai,
      'verb=ListRecords&metadataPrefix=oai_dc',
      async (page) => {
        if (page === 1) {
          time.at(20);
          // Harvested already (page 1): an edit and a deletion.
          await edit('gen-00005', 'Edited once');
          await store.deleteNode('gen-00050', 1, 'alice');
          // Not harvested yet: an edit, a hiding for a removal request, two edits, a new item.
          await edit('gen-00150', 'Edited before its page');
          const request = await store.addRemovalRequest({
            node_id: 'gen-00160',
            reason: 'private-information',
            message: 'My address is in it.',
            email: '',
          });
          await store.hideForRemovalRequest(request.id, 'alice', '');
          await edit('gen-00200', 'Edited');
          time.at(25);
          await edit('gen-00200', 'Edited twice');
          await store.createNode({ ...archive[0], video_id: 'gen-new', title: 'New' }, 'alice');
          for (const id of ['gen-00005', 'gen-00050', 'gen-00150', 'gen-00160', 'gen-00200'])
            changed.add(id);
        }
        if (page === 2) {
          time.at(30);
          await edit('gen-00300', 'Edited after page 2');
          changed.add('gen-00300');
        }
        time.at(30 + page);
      },
    );
    expect(pages).toBe(4);
    // Every record at most once; every record unchanged since the harvest began exactly once.
    expect(new Set(records.map((r) => r.id)).size).toBe(records.length);
    const missed = ids.filter((id) => !changed.has(id) && count(records, id) !== 1);
    expect(missed).toEqual([]);
    // What changed after its page was answered was answered as it was then; what changed before
    // its page is for the next harvest (this one's until is its first page's second).
    expect(records.find((r) => r.id === 'gen-00005')?.title).toBe('Generated gallery 6');
    expect(records.find((r) => r.id === 'gen-00050')?.deleted).toBe(false);
    for (const id of ['gen-00150', 'gen-00160', 'gen-00200', 'gen-00300', 'gen-new'])
      expect(count(records, id), id).toBe(0);

    // The next incremental harvest, from the first page's responseDate, brings exactly what
    // changed since, each once, as it is now.
    time.at(60);
    const next = await harvest(oai, `verb=ListRecords&metadataPrefix=oai_dc&from=${responseDate}`);
    expect(
      Object.fromEntries(next.records.map((r) => [r.id, r.deleted ? 'deleted' : r.title])),
    ).toEqual({
      'gen-00005': 'Edited once',
      'gen-00050': 'deleted',
      'gen-00150': 'Edited before its page',
      'gen-00160': 'deleted',
      'gen-00200': 'Edited twice',
      'gen-new': 'New',
      'gen-00300': 'Edited after page 2',
    });
    // Both harvests together know every public item as it is now.
    const known = new Map([...records, ...next.records].map((r) => [r.id, r]));
    const live = (await store.listNodes()) as { video_id: string; title: string }[];
    expect(live.filter((node) => known.get(node.video_id)?.title !== node.title)).toEqual([]);
  });

  it('misses nothing when an edit falls in the second of the first page', async () => {
    const time = clock();
    const archive = multilingualArchive(250);
    // The archive was opened a second before the harvest: an edit in the harvest's first second
    // takes a datestamp equal to its until.
    const { store, oai } = oaiService(archive);
    time.at(1);
    const { records, responseDate } = await harvest(
      oai,
      'verb=ListRecords&metadataPrefix=oai_dc',
      async (page) => {
        if (page !== 1) return;
        for (const id of ['gen-00010', 'gen-00120']) {
          const stored = await store.getNode(id);
          await store.updateNode(id, { ...stored?.node, title: 'Same second' }, 1, 'alice');
        }
      },
    );
    // At most one more answer of the item edited after its page (its new version, at the end),
    // never a miss.
    const ids = archive.map((node) => node.video_id as string);
    expect(ids.filter((id) => count(records, id) === 0)).toEqual([]);
    expect(records.filter((r) => r.id === 'gen-00010').map((r) => r.title)).toEqual([
      'Generated video 11',
      'Same second',
    ]);
    expect(records.filter((r) => r.id === 'gen-00120').map((r) => r.title)).toEqual([
      'Same second',
    ]);
    time.at(2);
    const next = await harvest(oai, `verb=ListRecords&metadataPrefix=oai_dc&from=${responseDate}`);
    expect(next.records.map((r) => r.id).sort()).toEqual(['gen-00010', 'gen-00120']);
  });

  it('ends a list whose promised records all changed with a record the harvester holds, never an empty page', async () => {
    const time = clock();
    const { store, oai } = oaiService(multilingualArchive(OAI_PAGE_SIZE + 1));
    time.at(10);
    const first = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    expect(first.all('resumptionToken')[0]?.getAttribute('completeListSize')).toBe('101');
    time.at(20);
    await store.deleteNode('gen-00100', 1, 'alice');
    const last = await oai(resumeQuery('ListIdentifiers', first.token ?? ''));
    expect(last.code).toBeNull();
    expect(last.text('identifier')).toEqual([`${ID_PREFIX}gen-00099`]);
    expect(last.token).toBe('');
    expect(last.all('resumptionToken')[0]?.getAttribute('cursor')).toBe('100');

    // Everything it listed changed since: the list is empty now.
    const other = oaiService(multilingualArchive(OAI_PAGE_SIZE + 1));
    time.at(30);
    const again = await other.oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
    time.at(40);
    for (let i = 0; i <= OAI_PAGE_SIZE; i++)
      await other.store.deleteNode(`gen-${String(i).padStart(5, '0')}`, 1, 'alice');
    const none = await other.oai(resumeQuery('ListIdentifiers', again.token ?? ''));
    expect(none.code).toBe('noRecordsMatch');
  });

  it('reads its tokens strictly: damaged, forged and old ones are a badResumptionToken', async () => {
    const time = clock();
    const { oai } = oaiService(multilingualArchive(1000));
    time.at(10);
    const first = await oai(
      'verb=ListIdentifiers&metadataPrefix=oai_dc&set=cafe.quhx3rbz&from=2026-03-02T00:00:00Z',
    );
    const token = first.token ?? '';
    const fields = JSON.parse(Buffer.from(token.slice(3), 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const v2 = (value: unknown) => `v2.${Buffer.from(JSON.stringify(value)).toString('base64url')}`;
    // Written again as it was, a token still works (and a ListIdentifiers token resumes ListRecords).
    expect((await oai(resumeQuery('ListIdentifiers', v2(fields)))).code).toBeNull();
    expect((await oai(resumeQuery('ListRecords', token))).code).toBeNull();
    const bad: [string, string][] = [
      ['garbage', 'garbage'],
      [
        'v1, the positional paging before',
        `v1.${Buffer.from('{"metadataPrefix":"oai_dc","cursor":100}').toString('base64url')}`,
      ],
      [
        'a character changed',
        `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`,
      ],
      ['cut short', token.slice(0, -5)],
      ['padded', `${token}==`],
      ['a space in it', `${token.slice(0, 10)} ${token.slice(10)}`],
      ['not JSON', `v2.${Buffer.from('{cursor:100').toString('base64url')}`],
      ['not UTF-8', `v2.${Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64url')}`],
      ['an array', v2(Object.values(fields))],
      ['a cursor no page ends at', v2({ ...fields, c: 107 })],
      ['a cursor of 0', v2({ ...fields, c: 0 })],
      ['a negative cursor', v2({ ...fields, c: -100 })],
      ['a cursor as text', v2({ ...fields, c: '100' })],
      ['an until in the future', v2({ ...fields, u: '2999-01-01T00:00:00Z' })],
      ['a last record after until', v2({ ...fields, d: '2026-03-02T10:00:11Z' })],
      [
        'a last record before from',
        v2({ ...fields, f: '2026-03-02T10:00:05Z', d: '2026-03-02T10:00:00Z' }),
      ],
      ['a day that is not one', v2({ ...fields, d: '2026-02-30T10:00:00Z' })],
      ['a month that is not one', v2({ ...fields, d: '2026-13-01T10:00:00Z' })],
      ['another format', v2({ ...fields, p: 'marc21' })],
      ['a set of an illegal syntax', v2({ ...fields, s: 'café' })],
      ['no id', v2({ ...fields, i: '' })],
      ['a field too many', v2({ ...fields, x: 1 })],
      ['a field missing', v2({ ...fields, u: undefined })],
      ['too long', `v2.${'A'.repeat(3000)}`],
    ];
    for (const [what, forged] of bad) {
      const answer = await oai(resumeQuery('ListIdentifiers', forged));
      expect(answer.code, what).toBe('badResumptionToken');
      expect(answer.all('request')[0]?.getAttribute('resumptionToken'), what).not.toBeNull();
    }
  });
});
