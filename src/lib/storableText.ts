/**
 * The one rule for text from outside (issue 45): what the archive takes in must be text its
 * databases can hold. A JavaScript string can carry a lone UTF-16 surrogate (`"\ud800"`):
 * ill-formed Unicode, half a character, which `JSON.stringify` writes back as the escape PostgreSQL's
 * `jsonb` refuses ("Unicode low surrogate must follow a high surrogate"), so a field holding one
 * failed as a 500 and stopped a server whose archive file held one from starting.
 *
 * Forms and the API refuse such text as a field error naming the field (`storableTextErrors`);
 * an archive file and an import's rows, which are read forgivingly, get it repaired with a note
 * (`repairStorableText`): each lone surrogate becomes U+FFFD (the replacement character, as a
 * decoder would show it). U+0000, which PostgreSQL cannot hold either, is a control character:
 * the schemas and the archive reader remove it as they remove every other, and the stores strip
 * it from what they write (`server/storage/postgresValues.ts`).
 */

/** A surrogate without its other half: a high one not followed by a low one, or the reverse. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** What a form says beside a field whose text cannot be stored. */
export const UNSTORABLE_TEXT_MESSAGE =
  'This text holds a broken character that cannot be saved; type it again, or copy it again from where it came.';

/** Whether the text can be stored as it is: no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/** The text made storable: each lone surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  return isStorableText(text) ? text : text.replace(LONE_SURROGATES, '\uFFFD');
}

/** A place in a JSON value: its keys and indexes from the top. */
export type ValuePath = readonly (string | number)[];

/** The most places one walk reports: one bad field is enough to name, a flood is not needed. */
const MAX_REPORTED = 20;

/**
 * Visits every string and every key of a JSON-like value (objects, arrays, strings; other values
 * are passed over), without recursion, so a deeply nested value cannot exhaust the stack. A key
 * is reported at the path of its member.
 */
function* textsOf(value: unknown): Generator<{ path: ValuePath; text: string }> {
  const stack: { path: ValuePath; value: unknown }[] = [{ path: [], value }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { path, value: current } = next;
    if (typeof current === 'string') {
      yield { path, text: current };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        stack.push({ path: [...path, i], value: current[i] as unknown });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, member] = entries[i] as [string, unknown];
        yield { path: [...path, key], text: key };
        stack.push({ path: [...path, key], value: member });
      }
    }
  }
}

/** The places in `value` (at most 20) whose text or key cannot be stored, first first. */
export function unstorableTextPaths(value: unknown): ValuePath[] {
  const paths: ValuePath[] = [];
  const seen = new Set<string>();
  for (const { path, text } of textsOf(value)) {
    if (isStorableText(text)) continue;
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    paths.push(path);
    if (paths.length >= MAX_REPORTED) break;
  }
  return paths;
}

/**
 * One field error (`path` dotted, as the forms' errors are) for each place in `value` whose text
 * cannot be stored; none when all of it can.
 */
export function storableTextErrors(value: unknown): { path: string; message: string }[] {
  return unstorableTextPaths(value).map((path) => ({
    path: path.join('.'),
    message: UNSTORABLE_TEXT_MESSAGE,
  }));
}

/**
 * A JSON-like value with every string and key made storable (see `storableText`), and the dotted
 * paths of what was changed; the value itself when nothing was (it is never modified).
 */
export function repairStorableText<T>(value: T): { value: T; repaired: string[] } {
  const repaired: string[] = [];
  const repair = (current: unknown, path: string): unknown => {
    if (typeof current === 'string') {
      if (isStorableText(current)) return current;
      repaired.push(path);
      return storableText(current);
    }
    if (Array.isArray(current)) {
      let changed = false;
      const items = current.map((item: unknown, index) => {
        const next = repair(item, path === '' ? String(index) : `${path}.${index}`);
        changed ||= next !== item;
        return next;
      });
      return changed ? items : current;
    }
    if (typeof current === 'object' && current !== null) {
      let changed = false;
      const members = Object.entries(current).map(([key, member]): [string, unknown] => {
        const fixedKey = storableText(key);
        const memberPath = path === '' ? fixedKey : `${path}.${fixedKey}`;
        if (fixedKey !== key) repaired.push(memberPath);
        const next = repair(member, memberPath);
        changed ||= next !== member || fixedKey !== key;
        return [fixedKey, next];
      });
      return changed ? Object.fromEntries(members) : current;
    }
    return current;
  };
  // Archive rows nest a few levels (an import refuses a row deeper than its limit), so the
  // recursion here stays shallow.
  return { value: repair(value, '') as T, repaired: [...new Set(repaired)] };
}
