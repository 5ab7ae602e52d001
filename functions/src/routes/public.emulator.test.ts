import { describe, expect, it } from 'vitest';
import { apiServerForFile, call } from '../../../tests/support/api';
import { CATALOGUE } from '../shared/catalogue';

const api = apiServerForFile();

describe('GET /api/services', () => {
  it('serves every active catalogue service from Firestore, priced in rupees', async () => {
    const res = await call(api.url, 'GET', '/api/services');
    expect(res.status).toBe(200);
    expect(res.body.services).toHaveLength(CATALOGUE.length);
    const followers = res.body.services.find((s: { _id: string }) => s._id === 'tt-followers-real');
    expect(followers).toMatchObject({
      platform: 'tiktok',
      category: 'Followers',
      ratePer1000: 900,
      min: 10,
      defaultQuantity: 50,
      active: true,
    });
  });
});

describe('GET /api/review', () => {
  it.each([[{ t: 1e15, id: 'x' }], [{ t: 1, id: 'a/b' }], [{ t: 1, id: '.' }], [{ t: 1, id: '__x__' }]])(
    'refuses the cursor %j with 400 Invalid cursor',
    async (data) => {
      const cursor = Buffer.from(JSON.stringify(data)).toString('base64url');
      const res = await call(api.url, 'GET', `/api/review?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid cursor', code: 'invalid_input', field: 'cursor' });
    },
  );
});
