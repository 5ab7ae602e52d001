// Grants or revokes the `admin` custom claim of an existing account, keeping its other claims, and
// mirrors the role on the profile, which firestore.rules require with the claim (a profile made later
// takes its role from the claim). Revoking also ends the account's sessions (its refresh tokens, the
// rules' marker, its API key), so an open admin session ends instead of keeping its claim until the
// token expires.
export async function setAdminClaim(email: string, admin: boolean): Promise<{ uid: string; claims: Record<string, unknown> }> {
  const { auth } = await import('../../functions/src/lib/admin');
  const { userRef } = await import('../../functions/src/services/accounts/users');
  const { endSessions } = await import('../../functions/src/services/accounts/sessions');
  const record = await auth.getUserByEmail(email.trim().toLowerCase());
  const claims: Record<string, unknown> = { ...(record.customClaims ?? {}) };
  if (admin) claims.admin = true;
  else delete claims.admin;
  await auth.setCustomUserClaims(record.uid, claims);
  const profile = userRef(record.uid);
  if ((await profile.get()).exists) await profile.update({ role: admin ? 'admin' : 'user' });
  if (!admin) await endSessions(record.uid);
  return { uid: record.uid, claims };
}
