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
  /**
   * PUBLIC_URL: the origin (and optional path) of every link put in a mail or a document, without
   * a trailing slash. Never taken from a request (its Host header is the sender's to choose).
   * Required in production; in development the server's own listen address (see linkOrigin).
   */
  publicUrl?: string;
  /** The most a spreadsheet upload may unpack to (SPREADSHEET_MAX_INFLATED_MB, default 100 MB); past it, 422. */
  spreadsheetMaxInflatedBytes: number;
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
    publicUrl: parsePublicUrl(env.PUBLIC_URL, parseNodeEnv(env.NODE_ENV)),
    spreadsheetMaxInflatedBytes: parseMegabytes(env.SPREADSHEET_MAX_INFLATED_MB, 100, 'SPREADSHEET_MAX_INFLATED_MB'),
  };
}

function parsePublicUrl(value: string | undefined, nodeEnv: ServerConfig['nodeEnv']): string | undefined {
  const text = value?.trim();
  if (!text) {
    // Mailed links (an applicant's secret link) must point at this installation, whoever asks.
    if (nodeEnv === 'production')
      throw new Error('PUBLIC_URL must be set in production (e.g. https://portal.example.edu)');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${text}"`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The origin of links in mails and documents: PUBLIC_URL, else (development) the address the
 * server listens on, once it listens, else the configured host and port.
 */
export function linkOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>, listening?: unknown): string {
  if (config.publicUrl) return config.publicUrl;
  const address =
    listening && typeof listening === 'object' && 'port' in listening ? (listening as { port: number }) : undefined;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${address?.port ?? config.port}`;
}

function parsePort(value: string | undefined): number {
  if (!value) return 3000;
  const port = Number(value);
  // A typo in PORT should stop the start with a clear reason, not bind a random port.
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535, got "${value}"`);
  return port;
}

function parseMegabytes(value: string | undefined, fallback: number, name: string): number {
  if (!value?.trim()) return fallback * 1024 * 1024;
  const mb = Number(value);
  if (!Number.isFinite(mb) || mb <= 0)
    throw new Error(`${name} must be a positive number of megabytes, got "${value}"`);
  return Math.round(mb * 1024 * 1024);
}

function parseNodeEnv(value: string | undefined): ServerConfig['nodeEnv'] {
  if (value === 'production' || value === 'test') return value;
  return 'development';
}
