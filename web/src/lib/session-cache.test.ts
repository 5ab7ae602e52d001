import { beforeEach, describe, expect, it } from 'vitest';
import {
  cacheToken,
  forgetRefusedToken,
  isRefusedToken,
  readCachedToken,
  readCachedUser,
  STORAGE_KEYS,
  TOKEN_MARGIN_MS,
  tokenExpiry,
} from '@/lib/session-cache';

beforeEach(() => {
  localStorage.clear();
});

describe('readCachedUser', () => {
  it('reads the cached user', () => {
    const user = { uid: 'u1', email: 'ali@example.com', name: 'Ali', role: 'user' };
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    expect(readCachedUser()).toEqual(user);
  });

  it('removes an unparsable user together with the token', () => {
    localStorage.setItem(STORAGE_KEYS.user, '{not json');
    localStorage.setItem(STORAGE_KEYS.token, 'old');
    expect(readCachedUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('removes a user of the wrong shape', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ name: 'Ali', role: 'owner' }));
    expect(readCachedUser()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

/** An ID token (a JWT: only its payload, UTF-8 JSON in base64url, is read here) with `claims`. */
const idToken = (claims: Record<string, unknown>) =>
  `header.${btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(claims))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.signature`;

describe('the remembered ID token', () => {
  const user = { uid: 'u1', email: 'ali@example.com', name: 'Ali', role: 'user' };
  const now = Date.UTC(2026, 10, 28, 8, 0);
  const exp = now / 1000 + 3600;

  it('is the token of the remembered user while it is good for more than five minutes', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const token = idToken({ user_id: 'u1', iat: exp - 3600, exp, name: 'علی' });
    cacheToken('u1', token);
    expect(tokenExpiry(token)).toBe(exp * 1000);
    expect(readCachedToken(now)).toEqual({ uid: 'u1', token, expiresAt: exp * 1000 });
    expect(readCachedToken(exp * 1000 - TOKEN_MARGIN_MS + 1)).toBeNull();
    // Handed over again later (the SDK gives its stored token until it nearly expires): no younger.
    cacheToken('u1', token);
    expect(readCachedToken(exp * 1000 - TOKEN_MARGIN_MS + 1)).toBeNull();
  });

  it('is nobody’s once another user is remembered, or nobody is', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    cacheToken('u1', idToken({ exp }));
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, uid: 'u2' }));
    expect(readCachedToken(now)).toBeNull();
    localStorage.removeItem(STORAGE_KEYS.user);
    expect(readCachedToken(now)).toBeNull();
  });

  it('is not kept when it is not a token, nor once the API has refused it', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    cacheToken('u1', 'not-a-jwt');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(tokenExpiry('a.!!!.b')).toBeNull();
    const token = idToken({ exp });
    cacheToken('u1', token);
    forgetRefusedToken();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isRefusedToken(token)).toBe(true);
    cacheToken('u1', token);
    expect(readCachedToken(now)).toBeNull();
  });
});
