// The one way the web app talks to /api: JSON in and out, the Bearer token of the signed-in user,
// `{message}` error answers turned into ApiError, every answer parsed by its zod schema.

import { errorSchema } from '@shared/answers';
import { isErrorCode } from '@shared/errors';
import type { z } from 'zod/mini';
import { ApiError, NetworkError } from '@/lib/api-error';
import { noteAnswerTime } from '@/lib/data-freshness';
import { currentAppCheckToken, currentIdToken, currentUid } from '@/lib/firebase';
import { forgetRefusedToken } from '@/lib/session-cache';

/** Dispatched on `window` when the API asks an admin for the second factor again (lib/auth.tsx listens). */
export const MFA_REQUIRED_EVENT = 'shohrat:mfa-required';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Sent as a visitor's, without the user's token (a public answer that differs per user: GET /api/services). */
  anonymous?: boolean;
}

export function withParams(path: string, params?: RequestOptions['params']): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Offline, an expired ID token cannot be refreshed. A GET may then still be answered with what the
 * service worker saved for this user: it is sent with the user's uid in X-Offline-Uid and no token,
 * and the worker answers it from its cache only (src/sw.ts), never passing it on to the server.
 */
async function offlineUid(method: string): Promise<string | null> {
  if (method !== 'GET' || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return null;
  try {
    return await currentUid();
  } catch {
    return null;
  }
}

/**
 * The headers of a call: the user's Bearer token, or offline (a GET) the uid the service worker answers
 * for; and on a write, where the build has App Check, its token.
 */
export async function authHeaders(method: string, extra?: Record<string, string>): Promise<Record<string, string>> {
  const headers: Record<string, string> = { ...extra };
  if (method !== 'GET') {
    const appCheck = await currentAppCheckToken();
    if (appCheck) headers['x-firebase-appcheck'] = appCheck;
  }
  try {
    const token = await currentIdToken();
    if (token) headers.authorization = `Bearer ${token}`;
  } catch {
    const uid = await offlineUid(method);
    if (!uid) throw new NetworkError();
    headers['x-offline-uid'] = uid;
  }
  return headers;
}

export async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError();
  }
}

/** An answer's body as JSON; undefined when empty or not JSON. */
function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal as ApiError: the server's `{message, code, field?}`, or the status alone. */
export function failure(res: Response, text: string): ApiError {
  const parsed = errorSchema.safeParse(jsonOf(text));
  const code = parsed.data?.code;
  // The admin's second factor lapsed (12 hours) or was never passed: the console asks for a code again.
  if (code === 'mfa_required' && typeof window !== 'undefined') window.dispatchEvent(new Event(MFA_REQUIRED_EVENT));
  // The token was refused (expired, or its session ended elsewhere): the session is read again from Firebase
  // (lib/auth.tsx).
  if (code === 'invalid_token') forgetRefusedToken();
  return new ApiError(
    res.status,
    parsed.success ? parsed.data.message : `Request failed (${res.status})`,
    parsed.data?.field,
    isErrorCode(code) ? code : undefined,
  );
}

export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
  retried = false,
): Promise<z.infer<S>> {
  const method = options.method ?? 'GET';
  const headers = options.anonymous
    ? { accept: 'application/json', ...options.headers }
    : await authHeaders(method, { accept: 'application/json', ...options.headers });
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const res = await send(withParams(`/api${path}`, options.params), {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  const text = await res.text();
  if (!res.ok) {
    const error = failure(res, text);
    // The token was refused before anything was done (authenticate runs first): once more, with a fresh one from
    // Firebase (the refused one is forgotten: a session ended elsewhere, or a clock that let an expired one be used).
    if (error.code === 'invalid_token' && headers.authorization && !retried) return apiRequest(path, schema, options, true);
    throw error;
  }
  const data = schema.parse(jsonOf(text));
  if (method === 'GET') noteAnswerTime(res.headers.get('date'));
  return data;
}

export const api = {
  get: <S extends z.ZodMiniType>(path: string, schema: S, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'GET' }),
  post: <S extends z.ZodMiniType>(path: string, schema: S, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'POST', body: body ?? {} }),
  put: <S extends z.ZodMiniType>(path: string, schema: S, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'PUT', body: body ?? {} }),
  patch: <S extends z.ZodMiniType>(path: string, schema: S, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'PATCH', body: body ?? {} }),
  /** A 204 answer has no body: parse it with `z.undefined()`. */
  delete: <S extends z.ZodMiniType>(path: string, schema: S, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'DELETE' }),
};
