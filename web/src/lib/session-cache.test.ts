import { describe, expect, it } from 'vitest';
import { readCachedUser, STORAGE_KEYS } from '@/lib/session-cache';

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
