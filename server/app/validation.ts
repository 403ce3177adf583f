/**
 * Input checks attached to routes: JSON bodies (bounded, parsed, then checked by the schema the
 * app's own forms use) and list queries (zod, through `@hono/zod-validator`). A failed check is a
 * `Refusal` in the service's words, answered by the application's error handler.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { FieldError } from '@/lib/nodeSchema';
import { storableTextErrors } from '@/lib/storableText';
import { Refusal, type AppEnv, type Step } from './appEnv';

/** Largest JSON body a route accepts, bytes (413 beyond). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** What a body check says: the value to use, or the fields to fix. */
export type BodyCheck<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** The 400 of fields to fix. */
export function fieldsToFix(errors: readonly FieldError[]): Refusal {
  return new Refusal(400, { error: 'Some fields need fixing.', errors: [...errors] });
}

/** A zod schema's issues as the forms' field errors. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** The parsed JSON of the body `readBody` read, or the refusal: 413 over the limit, 400 not JSON. */
export function parseJsonBody(
  body: Buffer | undefined,
  what: string,
  { emptyAs, limit = MAX_JSON_BODY_BYTES }: { emptyAs?: unknown; limit?: number } = {},
): unknown {
  if ((body?.length ?? 0) > limit) {
    throw new Refusal(413, {
      error: `The ${what} is too large: at most ${limit / 1024} KB of JSON.`,
    });
  }
  const text = body?.toString() ?? '';
  if (text.trim() === '' && emptyAs !== undefined) return emptyAs;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    const errors: FieldError[] = [{ path: '', message: `The ${what} must be sent as JSON.` }];
    throw new Refusal(400, { error: `The ${what} is not valid JSON.`, errors });
  }
  // Text no database can hold (a lone surrogate, U+0000) is the client's to fix: a 400 naming
  // the field, never a store's failure answered 500.
  const unstorable = storableTextErrors(value);
  if (unstorable.length > 0) throw fieldsToFix(unstorable);
  return value;
}

/**
 * The body as JSON checked by `check` (given the request's context, for a path's id), into
 * `c.var.input`; `what` names it in messages ("item", "submission").
 */
export function jsonBody<T>(
  what: string,
  check: (value: unknown, c: Context<AppEnv>) => BodyCheck<T>,
  options: { emptyAs?: unknown; limit?: number } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const result = check(parseJsonBody(c.get('body'), what, options), c);
    if (!result.ok) throw fieldsToFix(result.errors);
    c.set('input', result.value);
    await next();
  };
}

/** The same check from a zod schema. */
export function schemaCheck<T>(schema: z.ZodType<T>): (value: unknown) => BodyCheck<T> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success
      ? { ok: true, value: result.data }
      : { ok: false, errors: fieldErrors(result.error.issues) };
  };
}

/** Entries a list answers when the request names no `limit`, and the most it may name. */
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 500;

/** The 400 of a `before` that is not an entry's id. */
export const BEFORE_ERROR =
  'before must be the id of an entry, a whole number from 1 up (like before=14).';

const LIMIT_ERROR = `limit must be a whole number from 1 to ${LIST_MAX_LIMIT}.`;

/** One query parameter's values, as Hono's validator hands them (one string, or several). */
const values = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : typeof value === 'string' ? [value] : value));

/** `limit`: the first value, a whole number from 1 to the maximum. */
const limit = values.transform((given, ctx) => {
  const number = given[0] === undefined ? LIST_DEFAULT_LIMIT : Number(given[0]);
  if (!Number.isInteger(number) || number < 1 || number > LIST_MAX_LIMIT) {
    ctx.addIssue({ code: 'custom', message: LIMIT_ERROR });
    return z.NEVER;
  }
  return number;
});

/**
 * `before`: at most once, one decimal whole number from 1, no sign, spaces, leading zeros,
 * fractions or exponents, and small enough to stay exact in JavaScript.
 */
const before = values.transform((given, ctx) => {
  if (given.length === 0) return undefined;
  const text = given[0] ?? '';
  const number = Number(text);
  if (given.length > 1 || !/^[1-9][0-9]*$/.test(text) || !Number.isSafeInteger(number)) {
    ctx.addIssue({ code: 'custom', message: BEFORE_ERROR });
    return z.NEVER;
  }
  return number;
});

/** The first value of a parameter, or undefined. */
export const firstValue = values.transform((given) => given[0]);

/** The query of an editors' list: `limit`, `before`, and whatever else `extra` names. */
export function pageQuery<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.object({ limit, before, ...extra });
}

/** Attaches a query schema to a route: `c.req.valid('query')`, or a 400 with its first message. */
export function query<Schema extends z.ZodType>(schema: Schema): Step {
  const check = zValidator('query', schema, (result) => {
    if (!result.success) {
      throw new Refusal(400, { error: result.error.issues[0]?.message ?? 'Bad query.' });
    }
  });
  return check as unknown as Step;
}

/** The query a route's `query(schema)` checked, typed by the same schema. */
export function validQuery<Schema extends z.ZodType>(
  c: Context<AppEnv>,
  _schema: Schema,
): z.output<Schema> {
  return c.req.valid('query' as never) as z.output<Schema>;
}

/** One page of a list as a route answers it, and the `before` of the next page. */
export interface ListPage<T> {
  items: T[];
  /** The `before` that reads the entries after these; null when there are none. */
  older: string | null;
}

/**
 * The page of `rows`, which were read newest first with a limit of `limit + 1`: the extra row
 * only says that an older page exists, so the last page is known without asking for an empty one.
 */
function pageOf<T extends { id: string | number }>(rows: T[], limit: number): ListPage<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, older: rows.length > limit && last ? String(last.id) : null };
}

/**
 * Reads one page of a list, newest first, for the query's `limit` and `before`: one row more
 * than the limit, so that `pageOf` knows whether an older page exists.
 */
export async function readPage<T extends { id: string | number }>(
  { limit, before }: { limit: number; before?: number | undefined },
  read: (page: { limit: number; before?: number }) => Promise<T[]>,
): Promise<ListPage<T>> {
  return pageOf(
    await read({ limit: limit + 1, ...(before === undefined ? {} : { before }) }),
    limit,
  );
}

/** The longest line an editor may give for a decision (a rejection's reason, a request's note). */
export const EDITOR_LINE_MAX = 500;

/**
 * An editor's optional one-line reason or note on a decision (`what` names it in the messages):
 * control characters and runs of white space made one space, at most `EDITOR_LINE_MAX`.
 */
export function editorLine(what: string) {
  return z
    .string({ error: `The ${what} must be text.` })
    .nullish()
    .transform((value) =>
      // eslint-disable-next-line no-control-regex
      (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim(),
    )
    .pipe(
      z.string().max(EDITOR_LINE_MAX, {
        error: `A ${what} must be at most ${EDITOR_LINE_MAX} characters.`,
      }),
    );
}
