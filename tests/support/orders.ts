// Orders placed through the API in the emulator tests: the request and its 201 in one place.
import { expect } from 'vitest';
import { call, type TestUser } from './api';

/** POST /api/order/place as `customer`, expected to answer 201: its body. */
export async function placeOrder(apiUrl: string, customer: TestUser, body: Record<string, unknown>): Promise<any> {
  const answer = await call(apiUrl, 'POST', '/api/order/place', { token: customer.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}
