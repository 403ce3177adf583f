/**
 * The identity library's `buffer` dependency (4.x) reads Node's `global` unguarded; browsers call
 * it `globalThis`. Imported before the library, so it is set when the library first runs.
 */
const scope = globalThis as typeof globalThis & { global?: typeof globalThis };
scope.global ??= globalThis;

export {};
