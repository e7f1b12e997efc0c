import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential: the single-use ticket of the
 * notification stream (an EventSource cannot send a header), a signed URL's
 * signature, any token or code. Their values never reach the log.
 */
const SECRET_QUERY = /^(ticket|token|sig|signature|code|otp|password)$/i;

/** A request URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed name is logged as it came: it is no parameter we read.
      }
      return equals !== -1 && SECRET_QUERY.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, question)}?${query.join('&')}`;
}

/**
 * The server's logger: Fastify's request line (method, URL, host, client),
 * with credentials in the URL redacted. Headers and bodies are never logged,
 * so the bearer token, passwords and codes cannot reach the log through a
 * request line; the test logs at trace level through these options.
 */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
