/**
 * Server configuration from the environment. Read once at start; everything else receives
 * the resulting object, so tests build their own without touching process.env.
 */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Root of everything the server writes: the embedded database, uploads, the mail outbox. */
  dataDir: string;
  /** Embedded PGlite database directory (unused when databaseUrl is set). */
  dbDir: string;
  uploadsDir: string;
  outboxDir: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** Largest accepted request body in bytes (uploads go through multipart with their own limit). */
  bodyLimit: number;
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (for access logs). */
  trustProxy: boolean;
  /** Shared secret of the payment provider's HMAC-signed callbacks (PAYMENT_CALLBACK_SECRET). */
  paymentSecret?: string;
  /** ATTENDANCE_QR_SECRET: signs the attendance QR codes with each session's own secret (domains/attendance/qr-code.ts). */
  attendanceQrSecret?: string;
  /** The built-in sandbox payment provider in production too (PAYMENT_SANDBOX=true); always on otherwise. */
  paymentSandbox?: boolean;
}

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv: parseNodeEnv(env.NODE_ENV),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    paymentSecret: env.PAYMENT_CALLBACK_SECRET || undefined,
    attendanceQrSecret: env.ATTENDANCE_QR_SECRET?.trim() || undefined,
    paymentSandbox: env.PAYMENT_SANDBOX === 'true' || env.PAYMENT_SANDBOX === '1',
  };
}

function parsePort(value: string | undefined): number {
  if (!value) return 3000;
  const port = Number(value);
  // A typo in PORT should stop the start with a clear reason, not bind a random port.
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got "${value}"`);
  return port;
}

function parseNodeEnv(value: string | undefined): ServerConfig['nodeEnv'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}
