/** Supabase Auth error shape: HTTP status + `{ code, error_code, msg }` + X-Supabase-Api-Version header. */
import type { FastifyReply } from 'fastify';

export const API_VERSION = '2024-01-01';

export class AuthHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const err = {
  invalidCredentials: () => new AuthHttpError(400, 'invalid_credentials', 'Invalid login credentials'),
  userAlreadyExists: () => new AuthHttpError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthHttpError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthHttpError(422, 'weak_password', message, { weak_password: { message, reasons } }),
  samePassword: () =>
    new AuthHttpError(422, 'same_password', 'New password should be different from the old password.'),
  validation: (message: string, status = 400) => new AuthHttpError(status, 'validation_failed', message),
  badJson: (message: string) => new AuthHttpError(400, 'bad_json', message),
  emailInvalid: (email: string) =>
    new AuthHttpError(400, 'email_address_invalid', `Email address "${email}" is invalid`),
  anonymousDisabled: () => new AuthHttpError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  sessionNotFound: () =>
    new AuthHttpError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthHttpError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshNotFound: () =>
    new AuthHttpError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshAlreadyUsed: () => new AuthHttpError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new AuthHttpError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  badJwt: (why: string) =>
    new AuthHttpError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`),
  noAuthorization: () => new AuthHttpError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  noApiKey: () => new AuthHttpError(401, 'no_api_key', 'No API key found in request'),
  invalidApiKey: () => new AuthHttpError(401, 'invalid_api_key', 'Invalid API key'),
  rateLimited: (retryAfter: number) =>
    new AuthHttpError(
      429,
      'over_request_rate_limit',
      `Too many attempts. Try again in ${waitText(retryAfter)}.`,
      {},
      {
        'Retry-After': String(retryAfter),
      },
    ),
  /** The bcrypt queue is full: retryable (supabase-js retries 503), says how long to wait. */
  busy: (retryAfter: number) =>
    new AuthHttpError(
      503,
      'over_request_rate_limit',
      `The server is busy. Try again in ${waitText(retryAfter)}.`,
      {},
      {
        'Retry-After': String(retryAfter),
      },
    ),
  metadataTooLarge: (bytes: number, limit: number) =>
    new AuthHttpError(
      400,
      'validation_failed',
      `User metadata is too large: ${bytes} bytes as JSON, at most ${limit} bytes are allowed (it is copied into every access token)`,
    ),
  /** Anything that would change, delete or recover the public demo account. */
  demoReadOnly: () =>
    new AuthHttpError(
      403,
      'demo_account_read_only',
      'The demo account is shared: its password, e-mail and details cannot be changed, and it cannot be deleted or recovered.',
    ),
  otpExpired: () => new AuthHttpError(403, 'otp_expired', 'Token has expired or is invalid'),
  notFound: () => new AuthHttpError(404, 'not_found', 'Not found'),
  unexpected: () => new AuthHttpError(500, 'unexpected_failure', 'Unexpected failure, please try again'),
  /** GoTrue's answer when the recovery e-mail cannot be sent (ours says it for every address: see recovery.ts). */
  mailFailed: () =>
    new AuthHttpError(
      500,
      'unexpected_failure',
      'Error sending recovery email: the e-mail could not be sent. Please try again later.',
    ),
};

/** "1 second", "27 seconds", "3 minutes" (rounded up): what the 429 message tells a person. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(s / 60);
  return `${m} minutes`;
}

export function sendAuthError(reply: FastifyReply, e: AuthHttpError): FastifyReply {
  reply
    .code(e.status)
    .header('X-Supabase-Api-Version', API_VERSION)
    .header('x-sb-error-code', e.code)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8');
  for (const [k, v] of Object.entries(e.headers)) reply.header(k, v);
  return reply.send({ code: e.code, error_code: e.code, msg: e.message, ...e.extra });
}

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

/** Maps Fastify's own errors (body too large, bad JSON, bad content type) to the Supabase shape. */
export function toAuthError(error: unknown, bodyLimit: number): AuthHttpError {
  if (error instanceof AuthHttpError) return error;
  const e = (error ?? {}) as FastifyLikeError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return err.validation(`Request body is too large (limit ${bodyLimit} bytes)`, 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return err.validation('Unsupported Content-Type: send application/json', 415);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return err.badJson('Could not parse request body as JSON: body is empty');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return err.validation('Request body size did not match Content-Length');
    default:
      break;
  }
  if (error instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return err.badJson('Could not parse request body as JSON');
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return err.validation(e.message && !e.message.includes('\n') ? e.message : 'Bad request', e.statusCode);
  }
  return err.unexpected();
}
