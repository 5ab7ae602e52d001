// Customers for the emulator tests: a new account with a balance, the two steps every such test takes.
import { expect } from 'vitest';
import { call, createUser, fund, type TestUser } from './api';

/** A new customer with `rupees` on their balance (credited as the admin's top-up would). */
export async function fundedUser(rupees: number): Promise<TestUser> {
  const user = await createUser();
  await fund(user, rupees);
  return user;
}

/** A new admin (second factor passed) who has turned Drip-feed on for `serviceId`, through the console's API. */
export async function adminWithDripFeed(base: string, serviceId: string): Promise<TestUser> {
  const admin = await createUser({ admin: true });
  const res = await call(base, 'PATCH', `/api/admin/services/${serviceId}`, { token: admin.token, body: { dripfeed: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return admin;
}
