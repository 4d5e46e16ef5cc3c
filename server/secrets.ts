/**
 * Secrets of this installation that the operator did not configure: the payment callback's
 * HMAC key, the attendance QR key, the sandbox page's key, the sign-in state key. A secret in
 * the source would be known to everyone who can read it, and one made per process would differ
 * between instances and restarts; so each is made at random once and kept in
 * DATA_DIR/secrets/<name> (mode 0600), which every instance of an installation shares with its
 * uploads. Creation is race-free across processes: the file is written aside and hard-linked
 * into place, and the loser of a race reads the winner's secret.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type InstallationSecretName = 'payment-callback' | 'attendance-qr' | 'sandbox-page' | 'oidc-state';

const cache = new Map<string, string>();

export function secretsDir(dataDir: string): string {
  return path.join(dataDir, 'secrets');
}

/** The installation's secret `name`, made on first use. */
export function installationSecret(dataDir: string, name: InstallationSecretName): string {
  const file = path.join(secretsDir(dataDir), name);
  const known = cache.get(file);
  if (known) return known;
  const secret = readSecret(file) ?? createSecret(file);
  cache.set(file, secret);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return text.length >= 32 ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function createSecret(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}`;
  fs.writeFileSync(aside, crypto.randomBytes(32).toString('hex') + '\n', { mode: 0o600 });
  try {
    fs.linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} holds no usable secret: delete it to have a new one made`);
  return secret;
}
