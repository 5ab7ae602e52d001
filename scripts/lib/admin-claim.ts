// Grants or revokes the `admin` custom claim of an existing account, keeping its other claims, and
// mirrors the role on the profile. Revoking also revokes the account's refresh tokens, so an open
// admin session ends instead of keeping its claim until the token expires.
export async function setAdminClaim(email: string, admin: boolean): Promise<{ uid: string; claims: Record<string, unknown> }> {
  const { auth } = await import('../../functions/src/lib/admin');
  const { userRef } = await import('../../functions/src/services/users');
  const record = await auth.getUserByEmail(email.trim().toLowerCase());
  const claims: Record<string, unknown> = { ...(record.customClaims ?? {}) };
  if (admin) claims.admin = true;
  else delete claims.admin;
  await auth.setCustomUserClaims(record.uid, claims);
  if (!admin) await auth.revokeRefreshTokens(record.uid);
  const profile = userRef(record.uid);
  if ((await profile.get()).exists) await profile.update({ role: admin ? 'admin' : 'user' });
  return { uid: record.uid, claims };
}
