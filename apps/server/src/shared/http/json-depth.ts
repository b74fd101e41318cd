import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors.ts';

/** Deepest nesting of arrays and objects a JSON body may have; the API's own bodies need a handful. */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`: one pass over the characters,
 * skipping strings, with no recursion, so a hostile body costs a scan and no stack.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces the JSON body parser with one that refuses bodies nested deeper than `maxDepth` with
 * 1000001 before parsing them (issue 19 §5): JSON.parse and everything that walks the result
 * recurse, and a 400 KB body nested 200,000 levels deep overflowed the stack on every route.
 * The rest is Fastify's own parser, with its prototype-poisoning checks.
 */
export function limitJsonDepth(server: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parse = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, maxDepth)) {
      done(invalidInput(`请求体嵌套超过 ${maxDepth} 层`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
