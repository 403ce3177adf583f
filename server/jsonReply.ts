import type { ServiceResponse } from './serviceTypes';

/**
 * A JSON answer no cache may keep (errors, a user's own results, editors' writes), with the
 * given extra headers (CORS grant, Vary, WWW-Authenticate…). The nodes list has its own
 * cacheable, compressed answer.
 */
export function noStoreJson(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ServiceResponse {
  const text = JSON.stringify(body);
  return {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
    body: text,
  };
}
