/**
 * The little of the `oai-pmh` harvester's API (npm, 2.0.3; it ships no types) that the harvest
 * test uses. Answers are xml2js objects: one child is an object, several are an array.
 */
declare module 'oai-pmh/src/index.js' {
  /** What `request` resolves to: the HTTP response of the `request` package. */
  export interface OaiPmhResponse {
    statusCode: number;
    body: string;
  }
  export class OaiPmh {
    constructor(baseUrl: string, options?: { userAgent?: string; retry?: boolean });
    /** Sends one OAI-PMH request (`qs` its arguments); every verb goes through it. */
    request(options: { url: string; qs: Record<string, unknown> }): Promise<OaiPmhResponse>;
    identify(): Promise<Record<string, unknown>>;
    listMetadataFormats(options?: { identifier?: string }): Promise<unknown>;
    getRecord(identifier: string, metadataPrefix: string): Promise<Record<string, unknown>>;
    listSets(): AsyncGenerator<Record<string, unknown>>;
    listIdentifiers(options: Record<string, string>): AsyncGenerator<Record<string, unknown>>;
    listRecords(options: Record<string, string>): AsyncGenerator<Record<string, unknown>>;
  }
  export class OaiPmhError extends Error {
    code?: string;
  }
}
