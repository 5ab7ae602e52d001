// Customers for the emulator tests: a new account with a balance, the two steps every such test takes.
import { createUser, fund, type TestUser } from './api';

/** A new customer with `rupees` on their balance (credited as the admin's top-up would). */
export async function fundedUser(rupees: number): Promise<TestUser> {
  const user = await createUser();
  await fund(user, rupees);
  return user;
}
