/** Best-effort text of anything thrown (PGlite's file-system errors carry only a code). */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { code, errno } = error as { code?: unknown; errno?: unknown };
    if (typeof code === 'string') return code;
    if (typeof errno === 'number') return `file system error ${errno}`;
  }
  return String(error);
}
