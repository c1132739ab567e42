import { Decrypter, Encrypter } from 'age-encryption';
import { ArchiveError } from './archive';

/**
 * Archives encrypted as a whole with age (the kept `age-encryption` package, X25519 public keys):
 * `npm run backup -- --encrypt` to the recipients in BACKUP_AGE_RECIPIENTS (age1…, comma-separated);
 * `npm run restore` decrypts with the identity in BACKUP_AGE_IDENTITY (AGE-SECRET-KEY-1…). The machine
 * that backs up needs only the public key. age authenticates what it decrypts: a truncated or
 * altered encrypted archive fails to decrypt and is refused like a plain one.
 */
const HEADER = new TextEncoder().encode('age-encryption.org/v1\n');

export function isEncrypted(bytes: Uint8Array): boolean {
  return bytes.byteLength >= HEADER.byteLength && HEADER.every((b, i) => bytes[i] === b);
}

export async function encryptArchive(bytes: Uint8Array, recipients: string): Promise<Uint8Array> {
  const list = recipients
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter(Boolean);
  if (!list.length) throw new Error('BACKUP_AGE_RECIPIENTS names no recipient (age1… public keys, comma-separated)');
  const encrypter = new Encrypter();
  for (const r of list) {
    if (!/^age1[0-9a-z]+$/.test(r)) throw new Error(`BACKUP_AGE_RECIPIENTS: "${r.slice(0, 12)}…" is not an age public key (age1…)`);
    encrypter.addRecipient(r);
  }
  return encrypter.encrypt(bytes);
}

export async function decryptArchive(bytes: Uint8Array, identity: string | undefined): Promise<Uint8Array> {
  if (!identity) throw new ArchiveError('the archive is encrypted (age): set BACKUP_AGE_IDENTITY to the secret key (AGE-SECRET-KEY-1…) of one of its recipients');
  const decrypter = new Decrypter();
  try {
    decrypter.addIdentity(identity.trim());
    return await decrypter.decrypt(bytes);
  } catch (error) {
    throw new ArchiveError(`the encrypted archive cannot be decrypted (${(error as Error).message}): it is truncated or altered, or BACKUP_AGE_IDENTITY is not one of its recipients' keys`);
  }
}
