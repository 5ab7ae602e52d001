import { beforeEach, describe, expect, it } from 'vitest';
import {
  cacheToken,
  forgetRefusedToken,
  isRefusedToken,
  readCachedToken,
  readCachedUser,
  STORAGE_KEYS,
  TOKEN_MARGIN_MS,
  tokenLifetime,
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
  // Issued by a server whose clock is 30 minutes ahead of this device's: good for an hour from now all the same.
  const iat = now / 1000 + 1800;
  const exp = iat + 3600;

  it('is the token of the remembered user while it is good for more than five minutes, by this device’s clock', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    const token = idToken({ user_id: 'u1', iat, exp, name: 'علی' });
    cacheToken('u1', token, localStorage, now);
    expect(tokenLifetime(token)).toBe(3600 * 1000);
    expect(readCachedToken(now)).toEqual({ uid: 'u1', token, expiresAt: now + 3600 * 1000 });
    expect(readCachedToken(now + 3600 * 1000 - TOKEN_MARGIN_MS + 1)).toBeNull();
  });

  it('is nobody’s once another user is remembered, or nobody is', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    cacheToken('u1', idToken({ iat, exp }), localStorage, now);
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ ...user, uid: 'u2' }));
    expect(readCachedToken(now)).toBeNull();
    localStorage.removeItem(STORAGE_KEYS.user);
    expect(readCachedToken(now)).toBeNull();
  });

  it('is not kept when it is not a token, nor once the API has refused it', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    cacheToken('u1', 'not-a-jwt', localStorage, now);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(tokenLifetime('a.!!!.b')).toBeNull();
    const token = idToken({ iat, exp });
    cacheToken('u1', token, localStorage, now);
    forgetRefusedToken();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(isRefusedToken(token)).toBe(true);
    cacheToken('u1', token, localStorage, now);
    expect(readCachedToken(now)).toBeNull();
  });
});
