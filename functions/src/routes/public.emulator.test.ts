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
