/**
 * OAI-PMH 2.0 through the service (issue 32): every verb and every error the protocol names, each
 * real response validated against the OAI-PMH and oai_dc XML schemas (xmllint, offline copies in
 * tests/fixtures/xsd), paging with resumption tokens over more than 1,000 items, and a hidden item
 * reported as deleted.
 */
import { callApp } from '../support/appRequest';
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createNodesHandler } from '../../../../server/nodesHandler';
import { OAI_PAGE_SIZE } from '../../../../server/oai/oaiPmh';
import { createMemoryStore } from '../../../../server/storage/memoryStore';
import { generateArchive } from '../../../fixtures/generateArchive';

const SITE = 'https://archive.example.org';
const XSD_DIR = new URL('../../../fixtures/xsd/', import.meta.url);
const xsd = (fileName: string) => ({
  fileName,
  contents: readFileSync(new URL(fileName, XSD_DIR), 'utf8'),
});
const SCHEMA = xsd('oai-pmh-bundle.xsd');
const PRELOAD = [
  'OAI-PMH.xsd',
  'oai_dc.xsd',
  'oai-identifier.xsd',
  'simpledc20021212.xsd',
  'xml.xsd',
].map(xsd);

const SAMPLE = [
  {
    video_id: 'hail-page',
    type: 'video',
    title: 'Hail on Page <script>alert(1)</script> & more\u0007',
    description: 'Recorded from a car at 2:40 pm.',
    youtube_id: 'ScMzIvxBSi4',
    categories: ['Storm', 'Damage'],
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
    categories: ['Volunteers'],
    lat: 38.65,
    lng: -90.26,
    credit: 'Anonymous',
    license: 'archive-only',
  },
  { video_id: 'no-rights', title: 'Clayton', youtube_id: 'dQw4w9WgXcQ', lat: 38.6, lng: -90.3 },
];

/** Every response a test received, validated together at its end (one xmllint run). */
const received: { fileName: string; contents: string }[] = [];

afterAll(async () => {
  if (received.length === 0) return;
  const result = await validateXML({ xml: received, schema: SCHEMA, preload: PRELOAD });
  expect(result.errors.map((error) => `${error.loc?.fileName ?? ''}: ${error.message}`)).toEqual(
    [],
  );
  expect(result.valid).toBe(true);
});

function service(entries: readonly unknown[] = SAMPLE, siteUrl: string | null = SITE) {
  const store = createMemoryStore(entries);
  const handler = createNodesHandler({
    openStore: async () => store,
    verifyEditor: async () => ({ username: 'alice', groups: ['editor'] }),
    siteUrl: () => siteUrl,
    adminEmail: 'editors@archive.example.org',
  });
  async function oai(query: string, { method = 'GET' } = {}) {
    const response = await callApp(
      handler.app,
      method === 'GET'
        ? { method, path: '/oai', headers: {}, query }
        : {
            method,
            path: '/oai',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: query,
          },
    );
    const xml = response.text;
    if (response.status === 200)
      received.push({ fileName: `response-${received.length + 1}.xml`, contents: xml });
    const document = new JSDOM(response.status === 200 ? xml : '<none/>', {
      contentType: 'text/xml',
    }).window.document;
    const all = (name: string) => [...document.getElementsByTagNameNS('*', name)];
    const text = (name: string) => all(name).map((element) => element.textContent ?? '');
    return {
      response,
      xml,
      document,
      all,
      text,
      error: document.getElementsByTagName('error')[0] ?? null,
    };
  }
  return { store, oai };
}

describe('OAI-PMH', () => {
  it('identifies the repository, its formats and its sets', async () => {
    const { oai } = service();
    const identify = await oai('verb=Identify');
    expect(identify.response.status).toBe(200);
    expect(identify.response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(identify.text('baseURL')).toEqual([`${SITE}/api/oai`]);
    expect(identify.text('protocolVersion')).toEqual(['2.0']);
    expect(identify.text('deletedRecord')).toEqual(['persistent']);
    expect(identify.text('granularity')).toEqual(['YYYY-MM-DDThh:mm:ssZ']);
    expect(identify.text('adminEmail')).toEqual(['editors@archive.example.org']);
    expect(identify.text('repositoryIdentifier')).toEqual(['archive.example.org']);
    expect(identify.text('earliestDatestamp')[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(identify.all('request')[0]?.getAttribute('verb')).toBe('Identify');

    const formats = await oai('verb=ListMetadataFormats');
    expect(formats.text('metadataPrefix')).toEqual(['oai_dc']);
    const ofOne = await oai(
      'verb=ListMetadataFormats&identifier=oai:archive.example.org:hail-page',
    );
    expect(ofOne.text('metadataPrefix')).toEqual(['oai_dc']);

    const sets = await oai('verb=ListSets');
    expect(sets.text('setSpec')).toEqual(['damage', 'storm', 'volunteers']);
    expect(sets.text('setName')).toEqual(['Damage', 'Storm', 'Volunteers']);
  });

  it('gives a video’s and a gallery’s Dublin Core: title, credit, subjects, date, type, page, place, licence', async () => {
    const { oai } = service();
    const video = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:hail-page&metadataPrefix=oai_dc',
    );
    expect(video.error).toBeNull();
    expect(video.text('title')).toEqual(['Hail on Page <script>alert(1)</script> & more']);
    expect(video.xml).not.toContain('<script>');
    expect(video.text('creator')).toEqual(['Jo Kowalski']);
    expect(video.text('subject')).toEqual(['Storm', 'Damage']);
    expect(video.text('date')).toEqual(['2025-05-16T14:40-05:00']);
    expect(video.text('type')).toEqual(['MovingImage']);
    expect(video.text('identifier')).toEqual([
      'oai:archive.example.org:hail-page',
      `${SITE}/video/hail-page`,
    ]);
    expect(video.text('relation')).toEqual(['https://www.youtube.com/watch?v=ScMzIvxBSi4']);
    expect(video.text('coverage')).toEqual(['east=-90.25; north=38.66; projection=WGS84']);
    expect(video.text('rights')).toEqual([
      'Creative Commons Attribution 4.0 International: https://creativecommons.org/licenses/by/4.0/',
    ]);
    expect(video.text('setSpec')).toEqual(['storm', 'damage']);

    const gallery = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:porch-gallery&metadataPrefix=oai_dc',
    );
    expect(gallery.text('type')).toEqual(['StillImage']);
    expect(gallery.text('identifier')[1]).toBe(`${SITE}/gallery/porch-gallery`);
    expect(gallery.text('rights')[0]).toBe(
      `Shown in this archive only: ${SITE}/terms#archive-only`,
    );
    const none = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:no-rights&metadataPrefix=oai_dc',
    );
    expect(none.text('rights')).toEqual(['Rights not stated: ask the archive before reusing it.']);
    expect(none.text('creator')).toEqual([]);
    // Sent as a form, the same answer.
    const posted = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:hail-page&metadataPrefix=oai_dc',
      { method: 'POST' },
    );
    expect(posted.text('title')).toEqual(video.text('title'));
  });

  it('pages over 1,050 items with resumption tokens, every item once, within a set and dates', async () => {
    const { oai } = service(generateArchive(1050));
    const seen: string[] = [];
    let query = 'verb=ListIdentifiers&metadataPrefix=oai_dc';
    let pages = 0;
    for (;;) {
      const page = await oai(query);
      expect(page.error, page.xml.slice(0, 300)).toBeNull();
      pages++;
      seen.push(...page.text('identifier'));
      const token = page.all('resumptionToken')[0];
      expect(token?.getAttribute('completeListSize')).toBe('1050');
      expect(token?.getAttribute('cursor')).toBe(String((pages - 1) * OAI_PAGE_SIZE));
      const next = token?.textContent ?? '';
      if (next === '') break;
      query = `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(next)}`;
    }
    expect(pages).toBe(11);
    expect(seen).toHaveLength(1050);
    expect(new Set(seen).size).toBe(1050);

    const records = await oai('verb=ListRecords&metadataPrefix=oai_dc&set=generated-category-3');
    const inSet = records.all('record');
    expect(inSet.length).toBeGreaterThan(0);
    for (const record of inSet) {
      expect(
        [...record.getElementsByTagNameNS('*', 'setSpec')].map((e) => e.textContent),
      ).toContain('generated-category-3');
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
    expect(before.error?.getAttribute('code')).toBe('noRecordsMatch');
  });

  it('reports a hidden item as deleted, with a newer datestamp, and as a record again once restored', async () => {
    const { store, oai } = service();
    const before = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:porch-gallery&metadataPrefix=oai_dc',
    );
    const stamp = before.text('datestamp')[0] ?? '';
    // A minute later, by the store's clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      await store.deleteNode('porch-gallery', 1, 'alice');
    } finally {
      vi.useRealTimers();
    }
    const gone = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:porch-gallery&metadataPrefix=oai_dc',
    );
    expect(gone.all('header')[0]?.getAttribute('status')).toBe('deleted');
    expect(gone.all('metadata')).toHaveLength(0);
    expect((gone.text('datestamp')[0] ?? '') > stamp).toBe(true);
    const listed = await oai('verb=ListRecords&metadataPrefix=oai_dc');
    expect(listed.all('header').filter((h) => h.getAttribute('status') === 'deleted')).toHaveLength(
      1,
    );
    // The deleted record comes last: it changed last.
    expect(listed.text('identifier').at(-1)).toBe('oai:archive.example.org:porch-gallery');
    await store.restoreNode('porch-gallery', 'alice');
    const back = await oai(
      'verb=GetRecord&identifier=oai:archive.example.org:porch-gallery&metadataPrefix=oai_dc',
    );
    expect(back.all('header')[0]?.getAttribute('status')).toBeNull();
  });

  it('answers every error the protocol names, echoing the arguments only when they were right', async () => {
    const { oai } = service(generateArchive(150));
    const id = 'oai:archive.example.org:gen-00001';
    const cases: [query: string, code: string, echoed: boolean][] = [
      ['', 'badVerb', false],
      ['verb=Dance', 'badVerb', false],
      ['verb=Identify&verb=Identify', 'badVerb', false],
      ['verb=Identify&extra=1', 'badArgument', false],
      ['verb=ListRecords', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=yesterday', 'badArgument', false],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-30', 'badArgument', false],
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
      ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat', true],
      [`verb=GetRecord&identifier=${id}&metadataPrefix=mods`, 'cannotDisseminateFormat', true],
      [
        'verb=GetRecord&identifier=oai:archive.example.org:nowhere&metadataPrefix=oai_dc',
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
      [
        `verb=ListRecords&resumptionToken=v1.${Buffer.from('{"metadataPrefix":"oai_dc","cursor":7}').toString('base64url')}`,
        'badResumptionToken',
        true,
      ],
      [
        `verb=ListRecords&resumptionToken=v1.${Buffer.from('{"metadataPrefix":"oai_dc","cursor":5000}').toString('base64url')}`,
        'badResumptionToken',
        true,
      ],
      ['verb=ListSets&resumptionToken=abc', 'badResumptionToken', true],
    ];
    for (const [query, code, echoed] of cases) {
      const { error, all, response } = await oai(query);
      expect(response.status, query).toBe(200);
      expect(error?.getAttribute('code'), query).toBe(code);
      expect(error?.textContent, query).not.toBe('');
      expect(all('request')[0]?.hasAttributes(), query).toBe(echoed);
    }
    const empty = service([]);
    expect((await empty.oai('verb=ListSets')).error?.getAttribute('code')).toBe('noSetHierarchy');
  });

  it('needs the site’s address, and takes forms only as forms', async () => {
    const { oai } = service(SAMPLE, null);
    const unset = await oai('verb=Identify');
    expect(unset.response.status).toBe(503);
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
});
