import argon2 from 'argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong, and about 20 ms per check. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, HASH_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash must refuse the login, not fail the request.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check and refuses. Used for unknown accounts, so that the response
 * time does not tell an attacker which accounts exist.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy-password-0');
  await verifyPassword(await decoyHash, password);
  return false;
}
