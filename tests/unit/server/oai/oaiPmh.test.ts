/**
 * OAI-PMH 2.0 through the service (issues 32 and 45): every verb and every error the protocol
 * names, each answer validated against the official OAI-PMH 2.0 and oai_dc schemas (xmllint,
 * offline copies in tests/fixtures/xsd) with categories named in several scripts, setSpecs the
 * schema accepts and that never change, paging over more than 1,000 items, and a hidden item
 * reported as a deleted record that says nothing of what it held. Paging while the archive changes
 * is in oaiPaging.test.ts, a real harvester in oaiHarvest.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETED_RECORD_DAYS, OAI_PAGE_SIZE } from '../../../../server/oai/oaiPmh';
import { SET_SPEC_PATTERN, setSpecOf } from '../../../../server/oai/setSpec';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { callApp } from '../support/appRequest';
import {
  answerKinds,
  CATEGORY_NAMES,
  ID_PREFIX,
  multilingualArchive,
  oaiService,
  received,
  resumeQuery,
  schemaErrors,
  SITE,
} from '../support/oaiHarness';

const SAMPLE = [
  {
    video_id: 'hail-page',
    type: 'video',
    title: 'Hail on Page <script>alert(1)</script> & more\u0007',
    description: 'Recorded from a car at 2:40 pm.',
    youtube_id: 'ScMzIvxBSi4',
    categories: ['Storm', 'Damage', 'Ayuda en español'],
    lat: 38.66,
    lng: -90.25,
    date: '2025-05-16T14:40-05:00',
    credit: 'Jo Kowalski',
    license: 'CC-BY-4.0',
  },
  {
    video_id: 'porch-gallery',
    type: 'gallery',
    title: 'Porches of Fountain Park',
    images: [{ thumbUrl: '/uploads/a-thumb.jpg', fullUrl: '/uploads/a.jpg' }],
    categories: ['Volunteers', 'Café', '日本語', 'Storm'],
    lat: 38.65,
    lng: -90.26,
    credit: 'Anonymous',
    license: 'archive-only',
  },
  {
    video_id: 'no-rights',
    title: 'Clayton',
    youtube_id: 'dQw4w9WgXcQ',
    categories: ['Damage'],
    lat: 38.6,
    lng: -90.3,
  },
];

/**
 * The specs of the fixtures' categories, written out: a spec once issued is held by harvesters,
 * so these must read the same in every release (the ASCII ones as they always did).
 */
const SPECS: Record<(typeof CATEGORY_NAMES)[number], string> = {
  Storm: 'storm',
  Damage: 'damage',
  'Ayuda en español': 'ayuda-en-espanol.ctdufops',
  Café: 'cafe.quhx3rbz',
  Cafe: 'cafe',
  日本語: 'set.o5yqv3oh',
  Straße: 'strasse.pb7uo4db',
  Volunteers: 'volunteers',
};

/** The verbs and errors this file's answers were validated in (see the last test). */
const validated = new Set<string>();

// Every answer a test received is validated against the schemas, the errors included.
afterEach(async () => {
  const documents = received.splice(0);
  for (const kind of answerKinds(documents)) validated.add(kind);
  expect(await schemaErrors(documents)).toEqual([]);
});

const getRecord = (id: string) =>
  `verb=GetRecord&identifier=${ID_PREFIX}${id}&metadataPrefix=oai_dc`;

describe('OAI-PMH', () => {
  it('identifies the repository, its formats and its sets', async () => {
    const { oai } = oaiService(SAMPLE);
    const identify = await oai('verb=Identify');
    expect(identify.status).toBe(200);
    expect(identify.text('baseURL')).toEqual([`${SITE}/api/oai`]);
    expect(identify.text('protocolVersion')).toEqual(['2.0']);
    expect(identify.text('deletedRecord')).toEqual(['transient']);
    expect(identify.text('granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ']);
    expect(identify.text('adminEmail')).toEqual(['editors@archive.example.org']);
    expect(identify.text('repositoryIdentifier')).toEqual(['archive.example.org']);
    expect(identify.text('earliestDatestamp')[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(identify.all('request')[0]?.getAttribute('verb')).toBe('Identify');

    const formats = await oai('verb=ListMetadataFormats');
    expect(formats.text('metadataPrefix')).toEqual(['oai_dc']);
    const ofOne = await oai(`verb=ListMetadataFormats&identifier=${ID_PREFIX}hail-page`);
    expect(ofOne.text('metadataPrefix')).toEqual(['oai_dc']);

    const sets = await oai('verb=ListSets');
    expect(sets.text('setSpec')).toEqual([
      'ayuda-en-espanol.ctdufops',
      'cafe.quhx3rbz',
      'damage',
      'set.o5yqv3oh',
      'storm',
      'volunteers',
    ]);
    expect(sets.text('setName')).toEqual([
      'Ayuda en español',
      'Café',
      'Damage',
      '日本語',
      'Storm',
      'Volunteers',
    ]);
  });

  it('gives a video’s and a gallery’s Dublin Core: title, credit, subjects, date, type, page, place, licence', async () => {
    const { oai } = oaiService(SAMPLE);
    const video = await oai(getRecord('hail-page'));
    expect(video.code).toBeNull();
    expect(video.text('title')).toEqual(['Hail on Page <script>alert(1)</script> & more']);
    expect(video.xml).not.toContain('<script>');
    expect(video.text('creator')).toEqual(['Jo Kowalski']);
    expect(video.text('subject')).toEqual(['Storm', 'Damage', 'Ayuda en español']);
    expect(video.text('date')).toEqual(['2025-05-16T14:40-05:00']);
    expect(video.text('type')).toEqual(['MovingImage']);
    expect(video.text('identifier')).toEqual([`${ID_PREFIX}hail-page`, `${SITE}/video/hail-page`]);
    expect(video.text('relation')).toEqual(['https://www.youtube.com/watch?v=ScMzIvxBSi4']);
    expect(video.text('coverage')).toEqual(['east=-90.25; north=38.66; projection=WGS84']);
    expect(video.text('rights')).toEqual([
      'Creative Commons Attribution 4.0 International: https://creativecommons.org/licenses/by/4.0/',
    ]);
    expect(video.text('setSpec')).toEqual(['storm', 'damage', 'ayuda-en-espanol.ctdufops']);

    const gallery = await oai(getRecord('porch-gallery'));
    expect(gallery.text('type')).toEqual(['StillImage']);
    expect(gallery.text('identifier')[1]).toBe(`${SITE}/gallery/porch-gallery`);
    expect(gallery.text('rights')[0]).toBe(
      `Shown in this archive only: ${SITE}/terms#archive-only`,
    );
    expect(gallery.text('subject')).toEqual(['Volunteers', 'Café', '日本語', 'Storm']);
    const none = await oai(getRecord('no-rights'));
    expect(none.text('rights')).toEqual(['Rights not stated: ask the archive before reusing it.']);
    expect(none.text('creator')).toEqual([]);
    // Sent as a form, the same answer.
    const posted = await oai(getRecord('hail-page'), { method: 'POST' });
    expect(posted.text('title')).toEqual(video.text('title'));
  });

  it('gives every category a setSpec the schema accepts, the same in every release, and lists each set whole', async () => {
    const archive = multilingualArchive(240);
    const { oai } = oaiService(archive);
    const sets = await oai('verb=ListSets');
    const specs = sets.text('setSpec');
    expect(Object.fromEntries(sets.text('setName').map((name, i) => [name, specs[i]]))).toEqual(
      SPECS,
    );
    for (const spec of specs) expect(spec).toMatch(SET_SPEC_PATTERN);
    expect(new Set(specs).size).toBe(CATEGORY_NAMES.length);

    // A selective harvest of each set gives exactly the items with that category, every page.
    for (const name of CATEGORY_NAMES) {
      const expected = archive
        .filter((node) => (node.categories as string[]).includes(name))
        .map((node) => `${ID_PREFIX}${node.video_id as string}`)
        .sort();
      const seen: string[] = [];
      let answer = await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${SPECS[name]}`);
      for (;;) {
        expect(answer.code, name).toBeNull();
        for (const header of answer.all('header')) {
          seen.push(header.getElementsByTagNameNS('*', 'identifier')[0]?.textContent ?? '');
          const inSets = [...header.getElementsByTagNameNS('*', 'setSpec')].map(
            (e) => e.textContent,
          );
          expect(inSets, name).toContain(SPECS[name]);
        }
        if (!answer.token) break;
        answer = await oai(resumeQuery('ListIdentifiers', answer.token));
      }
      expect(seen.sort(), name).toEqual(expected);
    }

    // A spec of the old rule (a letter outside ASCII) is of an illegal syntax now: badArgument,
    // not echoed (the request's `set` attribute must be a setSpec); an unknown one matches none.
    const old = await oai(
      `verb=ListRecords&metadataPrefix=oai_dc&set=${encodeURIComponent('ayuda-en-español')}`,
    );
    expect(old.code).toBe('badArgument');
    expect(old.all('request')[0]?.hasAttributes()).toBe(false);
    const unknown = await oai('verb=ListRecords&metadataPrefix=oai_dc&set=no-such-set');
    expect(unknown.code).toBe('noRecordsMatch');
    expect(unknown.all('request')[0]?.getAttribute('set')).toBe('no-such-set');
  });

  it('makes a setSpec of any name from its slug alone: the same name, the same spec; ASCII slugs unchanged', () => {
    const names = [
      'Storm damage',
      'Río Café',
      'río café',
      'RÍO—CAFÉ!',
      'Ελληνικά',
      'Москва 2025',
      '中文 日本語 한국어',
      'Ærø Øresund Łódź Straße',
      'ﬁre ①',
      'emoji 🌪 tornado',
      'x'.repeat(60),
      'é'.repeat(60),
    ];
    for (const name of names) {
      expect(setSpecOf(name), name).toMatch(SET_SPEC_PATTERN);
      expect(setSpecOf(name), name).toBe(setSpecOf(name));
    }
    // One slug, one category, one spec (SPEC §3): case and punctuation do not matter.
    expect(setSpecOf('Río Café')).toBe(setSpecOf('río café'));
    expect(setSpecOf('Río Café')).toBe(setSpecOf('RÍO—CAFÉ!'));
    expect(setSpecOf('Río Café')).toMatch(/^rio-cafe\.[a-z2-7]{8}$/);
    // Two slugs that fold alike are two sets; an ASCII slug is its own spec, as before.
    expect(setSpecOf('Cafe')).toBe('cafe');
    expect(setSpecOf('Café')).not.toBe(setSpecOf('Cafe'));
    expect(setSpecOf('Storm damage')).toBe('storm-damage');
    expect(setSpecOf('Ελληνικά')).toMatch(/^set\.[a-z2-7]{8}$/);
    expect(setSpecOf('Москва 2025')).toMatch(/^2025\.[a-z2-7]{8}$/);
    expect(setSpecOf('Ærø Øresund Łódź Straße')).toMatch(/^aero-oresund-lodz-strasse\./);
  });

  it('pages over 1,050 items with resumption tokens, every item once, within a set and dates', async () => {
    const { oai } = oaiService(multilingualArchive(1050));
    const seen: string[] = [];
    let query = 'verb=ListIdentifiers&metadataPrefix=oai_dc';
    let pages = 0;
    for (;;) {
      const page = await oai(query);
      expect(page.code, page.xml.slice(0, 300)).toBeNull();
      pages++;
      seen.push(...page.text('identifier'));
      const token = page.all('resumptionToken')[0];
      expect(token?.getAttribute('completeListSize')).toBe('1050');
      expect(token?.getAttribute('cursor')).toBe(String((pages - 1) * OAI_PAGE_SIZE));
      if (!page.token) break;
      query = resumeQuery('ListIdentifiers', page.token);
    }
    expect(pages).toBe(11);
    expect(seen).toHaveLength(1050);
    expect(new Set(seen).size).toBe(1050);

    const records = await oai(`verb=ListRecords&metadataPrefix=oai_dc&set=${SPECS['日本語']}`);
    const inSet = records.all('record');
    expect(inSet.length).toBeGreaterThan(0);
    for (const record of inSet) {
      expect(
        [...record.getElementsByTagNameNS('*', 'setSpec')].map((e) => e.textContent),
      ).toContain(SPECS['日本語']);
    }
    // Every datestamp is today's here: a range around now holds them all; one before holds none.
    const today = new Date().toISOString().slice(0, 10);
    const within = await oai(
      `verb=ListIdentifiers&metadataPrefix=oai_dc&from=${today}&until=${today}`,
    );
    expect(within.all('resumptionToken')[0]?.getAttribute('completeListSize')).toBe('1050');
    const before = await oai(
      'verb=ListIdentifiers&metadataPrefix=oai_dc&until=2020-01-01T00:00:00Z',
    );
    expect(before.code).toBe('noRecordsMatch');
  });

  it('reports an item hidden for a removal request by its identifier and datestamp only, in no set, for 30 days', async () => {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      const { store, oai } = oaiService(SAMPLE);
      const before = await oai(getRecord('porch-gallery'));
      const stamp = before.text('datestamp')[0] ?? '';
      // A minute later, an editor hides it for a privacy request.
      vi.setSystemTime(start + 60_000);
      const request = await store.addRemovalRequest({
        node_id: 'porch-gallery',
        reason: 'me-or-family',
        message: 'That is my house.',
        email: '',
      });
      await store.hideForRemovalRequest(request.id, 'alice', 'privacy');
      vi.setSystemTime(start + 120_000);

      const gone = await oai(getRecord('porch-gallery'));
      const header = gone.all('header')[0];
      expect(header?.getAttribute('status')).toBe('deleted');
      expect([...(header?.children ?? [])].map((e) => e.localName)).toEqual([
        'identifier',
        'datestamp',
      ]);
      expect(gone.all('metadata')).toHaveLength(0);
      expect((gone.text('datestamp')[0] ?? '') > stamp).toBe(true);
      // Nothing of what it held: no title, no category, no set.
      const held = ['Porches', 'Fountain', 'Volunteers', 'volunteers', 'Café', 'cafe', '日本語'];
      for (const text of held) expect(gone.xml).not.toContain(text);

      // It is in every set's list alike, so no list tells which sets it was in; its own sets,
      // which no public item has now, are gone from ListSets.
      const ofItsSet = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=storm');
      const ofAnother = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=damage');
      const deletedIn = (answer: typeof ofItsSet) =>
        answer
          .all('header')
          .filter((h) => h.getAttribute('status') === 'deleted')
          .map((h) => h.outerHTML);
      expect(deletedIn(ofItsSet)).toEqual([header?.outerHTML]);
      expect(deletedIn(ofAnother)).toEqual([header?.outerHTML]);
      const records = await oai('verb=ListRecords&metadataPrefix=oai_dc');
      expect(deletedIn(records)).toEqual([header?.outerHTML]);
      expect(records.text('identifier').at(-1)).toBe(`${ID_PREFIX}porch-gallery`);
      for (const text of held) expect(records.xml).not.toContain(text);
      expect((await oai('verb=ListSets')).text('setSpec')).toEqual([
        'ayuda-en-espanol.ctdufops',
        'damage',
        'storm',
      ]);
      const volunteers = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=volunteers');
      const nowhere = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=nowhere');
      expect(volunteers.code).toBe('noRecordsMatch');
      expect(volunteers.text('error')).toEqual(
        nowhere.text('error').map((t) => t.replace('nowhere', 'volunteers')),
      );

      // After DELETED_RECORD_DAYS it is answered as an id that never was (deletedRecord transient).
      vi.setSystemTime(start + 60_000 + (DELETED_RECORD_DAYS * 86_400 + 1) * 1000);
      const later = await oai(getRecord('porch-gallery'));
      const never = await oai(getRecord('never-was'));
      expect(later.code).toBe('idDoesNotExist');
      expect(later.text('error')).toEqual(
        never.text('error').map((t) => t.replace('never-was', 'porch-gallery')),
      );
      const formats = await oai(`verb=ListMetadataFormats&identifier=${ID_PREFIX}porch-gallery`);
      expect(formats.code).toBe('idDoesNotExist');
      const listed = await oai('verb=ListIdentifiers&metadataPrefix=oai_dc');
      expect(listed.text('identifier')).not.toContain(`${ID_PREFIX}porch-gallery`);

      // Restored, it is a record again, with its sets.
      await store.restoreNode('porch-gallery', 'alice');
      const back = await oai(getRecord('porch-gallery'));
      expect(back.all('header')[0]?.getAttribute('status')).toBeNull();
      expect(back.text('setSpec')).toEqual([
        'volunteers',
        'cafe.quhx3rbz',
        'set.o5yqv3oh',
        'storm',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers every error the protocol names, echoing the arguments only when they are well formed', async () => {
    const { oai } = oaiService(multilingualArchive(150));
    const id = `${ID_PREFIX}gen-00001`;
    const v1 = (json: string) => `v1.${Buffer.from(json).toString('base64url')}`;
    const cases: [query: string, code: string, echoed: boolean][] = [
      ['', 'badVerb', false],
      ['verb=Dance', 'badVerb', false],
      ['verb=Identify&verb=Identify', 'badVerb', false],
      ['verb=Identify&extra=1', 'badArgument', false],
      ['verb=ListRecords', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=yesterday', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-30', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-13-45', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&until=2025-05-16T25:61:00Z', 'badArgument', false],
      [
        'verb=ListRecords&metadataPrefix=oai_dc&from=2025-05-16&until=2025-05-17T00:00:00Z',
        'badArgument',
        false,
      ],
      [
        'verb=ListRecords&metadataPrefix=oai_dc&from=2025-05-17&until=2025-05-16',
        'badArgument',
        false,
      ],
      ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=x', 'badArgument', false],
      ['verb=GetRecord&identifier=' + id, 'badArgument', false],
      // Values of an illegal syntax: the schema types the request's attributes, so they are
      // badArguments, never echoed (a cannotDisseminateFormat would have echoed them).
      ['verb=ListRecords&metadataPrefix=', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai%20dc', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=marc21&from=yesterday', 'badArgument', false],
      ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=', 'badArgument', false],
      ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=caf%C3%A9', 'badArgument', false],
      ['verb=ListIdentifiers&metadataPrefix=oai_dc&set=a%20b', 'badArgument', false],
      ['verb=GetRecord&identifier=%3A%3A&metadataPrefix=oai_dc', 'badArgument', false],
      [`verb=GetRecord&identifier=${id}%25zz&metadataPrefix=oai_dc`, 'badArgument', false],
      ['verb=ListMetadataFormats&identifier=%23a%23b', 'badArgument', false],
      ['verb=ListMetadataFormats&identifier=a%20b', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat', true],
      [`verb=GetRecord&identifier=${id}&metadataPrefix=mods`, 'cannotDisseminateFormat', true],
      [
        `verb=GetRecord&identifier=${ID_PREFIX}nowhere&metadataPrefix=oai_dc`,
        'idDoesNotExist',
        true,
      ],
      [
        'verb=GetRecord&identifier=oai:elsewhere.org:gen-00001&metadataPrefix=oai_dc',
        'idDoesNotExist',
        true,
      ],
      ['verb=ListMetadataFormats&identifier=gen-00001', 'idDoesNotExist', true],
      ['verb=ListRecords&metadataPrefix=oai_dc&set=no-such-set', 'noRecordsMatch', true],
      ['verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch', true],
      ['verb=ListRecords&resumptionToken=garbage', 'badResumptionToken', true],
      ['verb=ListRecords&resumptionToken=', 'badResumptionToken', true],
      // Tokens of the positional paging before issue 45.
      [
        `verb=ListRecords&resumptionToken=${v1('{"metadataPrefix":"oai_dc","cursor":100}')}`,
        'badResumptionToken',
        true,
      ],
      [
        `verb=ListRecords&resumptionToken=${v1('{"metadataPrefix":"oai_dc","cursor":7}')}`,
        'badResumptionToken',
        true,
      ],
      ['verb=ListSets&resumptionToken=abc', 'badResumptionToken', true],
    ];
    for (const [query, code, echoed] of cases) {
      const answer = await oai(query);
      expect(answer.status, query).toBe(200);
      expect(answer.code, query).toBe(code);
      expect(answer.text('error')[0], query).not.toBe('');
      expect(answer.all('request')[0]?.hasAttributes(), query).toBe(echoed);
    }
    const empty = oaiService([]);
    expect((await empty.oai('verb=ListSets')).code).toBe('noSetHierarchy');
  });

  it('needs the site’s address, and takes forms only as forms', async () => {
    const { oai } = oaiService(SAMPLE, { siteUrl: null });
    const unset = await oai('verb=Identify');
    expect(unset.status).toBe(503);
    expect(unset.xml).toMatch(/SITE_URL/);
    const store = createMemoryStore(SAMPLE);
    const handler = createNodesHandler({ openStore: async () => store, siteUrl: () => SITE });
    const json = await callApp(handler.app, {
      method: 'POST',
      path: '/oai',
      headers: { 'Content-Type': 'application/json' },
      body: '{"verb":"Identify"}',
    });
    expect(json.status).toBe(415);
  });

  // Last: what the tests above validated.
  it('validated every verb’s answer and every error the protocol names against the schemas', () => {
    expect([...validated].sort()).toEqual(
      [
        'GetRecord',
        'Identify',
        'ListIdentifiers',
        'ListMetadataFormats',
        'ListRecords',
        'ListSets',
        'error:badArgument',
        'error:badResumptionToken',
        'error:badVerb',
        'error:cannotDisseminateFormat',
        'error:idDoesNotExist',
        'error:noRecordsMatch',
        'error:noSetHierarchy',
        // noMetadataFormats cannot happen here: every item has its oai_dc record.
      ].sort(),
    );
  });
});
