/** server/http/json-depth.ts and server/db/json.ts: the two guards of JSON a client sends. */
import { describe, expect, it } from 'vitest';
import { jsonDepthWithin } from '../../../server/http/json-depth.ts';
import { wellFormedJson } from '../../../server/db/json.ts';

describe('JSON depth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthWithin('[[[]]]', 3)).toBe(true);
    expect(jsonDepthWithin('[[[[]]]]', 3)).toBe(false);
    expect(jsonDepthWithin('{"a":{"b":[1]}}', 3)).toBe(true);
    expect(jsonDepthWithin('{"a":"[[[[[[\\"[[[["}', 1)).toBe(true);
    expect(jsonDepthWithin('['.repeat(10_000), 32)).toBe(false);
  });
});

describe('JSON for jsonb', () => {
  it('replaces lone surrogates, keeps pairs and escaped backslashes', () => {
    expect(wellFormedJson({ e: 'a\ud800b' })).toBe('{"e":"a\\ufffdb"}');
    expect(wellFormedJson(['\udc00'])).toBe('["\\ufffd"]');
    expect(JSON.parse(wellFormedJson('😀'))).toBe('😀');
    // The text backslash-u-d-8-0-0 is not a surrogate.
    expect(JSON.parse(wellFormedJson('\\ud800'))).toBe('\\ud800');
    expect(JSON.parse(wellFormedJson({ ['k\ud801']: 1 }))).toEqual({ 'k\ufffd': 1 });
  });
});
