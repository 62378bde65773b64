import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The session signing secret: SESSION_SECRET when given (required in production); otherwise one
 * generated once into DATA_DIR so that sessions survive a development restart.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      // Another process wrote it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
