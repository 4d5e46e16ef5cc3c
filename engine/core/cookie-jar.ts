/**
 * The cookie jar the session and language stores write through: js-cookie in the browser,
 * a Map in tests and on the server. Nothing else in the core touches `document.cookie`.
 */
import Cookies from 'js-cookie';

export interface CookieOptions {
  /** Days until the cookie expires; omitted: a browser-session cookie. */
  expiresDays?: number;
  path?: string;
  sameSite?: 'strict' | 'lax' | 'none';
  secure?: boolean;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string, options?: Pick<CookieOptions, 'path'>): void;
}

/** Defaults every cookie of the portal is written with. */
export const DEFAULT_COOKIE_OPTIONS: Readonly<CookieOptions> = Object.freeze({ path: '/', sameSite: 'lax' });

/** The js-cookie minimum this adapter needs (the default export of js-cookie fits). */
export interface JsCookieLike {
  get(name: string): string | undefined;
  set(name: string, value: string, attributes?: Cookies.CookieAttributes): string | undefined;
  remove(name: string, attributes?: Cookies.CookieAttributes): void;
}

/** The browser jar, on js-cookie. `secure` defaults to true on an https page. */
export function createBrowserCookieJar(cookies: JsCookieLike = Cookies): CookieJar {
  const https = typeof location !== 'undefined' && location.protocol === 'https:';
  return {
    get: (name) => cookies.get(name),
    set(name, value, options = {}) {
      const o = { ...DEFAULT_COOKIE_OPTIONS, ...options };
      cookies.set(name, value, {
        path: o.path,
        sameSite: o.sameSite,
        secure: o.secure ?? https,
        ...(o.expiresDays !== undefined ? { expires: o.expiresDays } : {}),
      });
    },
    remove(name, options = {}) {
      cookies.remove(name, { path: options.path ?? DEFAULT_COOKIE_OPTIONS.path });
    },
  };
}

/** An in-memory jar; `options(name)` shows what a cookie was last written with (for tests). */
export interface MemoryCookieJar extends CookieJar {
  options(name: string): CookieOptions | undefined;
  names(): string[];
}

export function createMemoryCookieJar(initial: Record<string, string> = {}): MemoryCookieJar {
  const values = new Map<string, string>(Object.entries(initial));
  const written = new Map<string, CookieOptions>();
  return {
    get: (name) => values.get(name),
    set(name, value, options = {}) {
      values.set(name, value);
      written.set(name, { ...DEFAULT_COOKIE_OPTIONS, ...options });
    },
    remove(name) {
      values.delete(name);
      written.delete(name);
    },
    options: (name) => written.get(name),
    names: () => [...values.keys()],
  };
}
