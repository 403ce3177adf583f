/** What a visitor has typed into /contact, as kept between visits to the page. */
export interface ContactDraft {
  name: string;
  email: string;
  message: string;
}

/** The JSON body of `POST {base}/messages`. */
export interface ContactRequest extends ContactDraft {
  /** The honeypot: empty from a person. */
  website: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A draft from whatever session storage held; unrecognised fields start empty. */
export function parseContactDraft(stored: unknown): ContactDraft {
  const raw =
    typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return { name: text(raw.name), email: text(raw.email), message: text(raw.message) };
}

export function contactRequest(draft: ContactDraft, honeypot: string): ContactRequest {
  return { ...draft, website: honeypot };
}
