/** The little of jsdom's API the unit tests use (jsdom ships no types; Vitest's jsdom environment runs on it). */
declare module 'jsdom' {
  export interface JSDOMOptions {
    url?: string;
    runScripts?: 'dangerously' | 'outside-only';
    beforeParse?: (window: Window & typeof globalThis) => void;
    /** `text/xml` parses the text as XML (OAI-PMH's answers). */
    contentType?: string;
  }
  export class JSDOM {
    constructor(html?: string, options?: JSDOMOptions);
    readonly window: Window & typeof globalThis;
  }
}
