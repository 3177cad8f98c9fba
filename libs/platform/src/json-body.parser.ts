/**
 * The services' JSON body parser. Fastify's own parses any depth and lets lone UTF-16 surrogates through:
 * a body nested 10,000 levels deep then overflows the ValidationPipe's stack (a 500), and a lone surrogate
 * makes class-validator's isEmail throw URIError (a 500). Both are the caller's fault: a 400 here.
 */

/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_JSON_DEPTH = 32;

export const JSON_BODY_MESSAGES = {
  tooDeep: `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`,
  loneSurrogate: 'Request body contains text that is not valid Unicode',
  forbiddenKey: 'Request body contains a forbidden key',
  invalid: 'Request body is not valid JSON',
  empty: 'Request body is empty',
} as const;

/** A client error the exception filter answers as 400 with its message. */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  constructor(
    message: string,
    readonly code = 'REALTY_JSON_BODY',
  ) {
    super(message);
  }
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The depth of the text's deepest [ or {, counted outside strings, stopping as soon as it passes the limit. */
function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** Parses a request body, refusing what would hurt later layers (see the file comment). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new JsonBodyError(JSON_BODY_MESSAGES.empty, 'FST_ERR_CTP_EMPTY_JSON_BODY');
  if (exceedsDepth(text, MAX_JSON_DEPTH)) throw new JsonBodyError(JSON_BODY_MESSAGES.tooDeep);
  let problem: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, function reviver(key, item) {
      if (key === '__proto__' || (key === 'constructor' && item && typeof item === 'object' && 'prototype' in item))
        problem ??= JSON_BODY_MESSAGES.forbiddenKey;
      if (LONE_SURROGATE.test(key) || (typeof item === 'string' && LONE_SURROGATE.test(item))) problem ??= JSON_BODY_MESSAGES.loneSurrogate;
      return item;
    });
  } catch {
    throw new JsonBodyError(JSON_BODY_MESSAGES.invalid);
  }
  if (problem) throw new JsonBodyError(problem);
  return value;
}

interface ContentTypeParserHost {
  removeContentTypeParser(type: string): void;
  addContentTypeParser(
    type: string,
    options: { parseAs: 'string' },
    parser: (request: unknown, body: string, done: (error: Error | null, value?: unknown) => void) => void,
  ): void;
}

/** Puts parseJsonBody in place of Fastify's JSON parser (the body size limit stays Fastify's). */
export function installJsonBodyParser(fastify: ContentTypeParserHost): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body));
    } catch (error) {
      done(error as Error);
    }
  });
}
