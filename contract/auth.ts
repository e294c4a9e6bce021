import * as v from 'valibot';
import { LanguageSchema, RoleNameSchema } from './enums';
import { payloadObject } from './rules';

/** Login payload (spec §3, §5 Login). The mobile number may carry +91 or 0. */
export const LoginSchema = payloadObject({
  username: v.pipe(
    v.string('Mobile number is required'),
    v.trim(),
    v.nonEmpty('Mobile number is required'),
    // Blank gets only "is required", not the pattern message as well.
    v.check((s) => s === '' || /^(\+91|0)?\d{10}$/.test(s), 'Mobile number should be 10 digit'),
  ),
  password: v.pipe(
    v.string('Password is required'),
    v.nonEmpty('Password is required'),
    // Long enough for any real password (DECISIONS §3: 64 must work), short enough
    // that nobody can make the server hash megabytes.
    v.maxLength(128, 'Password cannot be more than 128 characters long.'),
  ),
  rememberme: v.optional(v.boolean('Remember me must be true or false'), false),
});
/** Login payload. */
export type LoginInput = v.InferInput<typeof LoginSchema>;

/** Login result, stored locally by the client (spec §3). */
export const LoginResultSchema = v.object({
  token: v.string(),
  /** ISO-8601 instant the token expires. */
  expiration: v.string(),
  userId: v.string(),
  name: v.string(),
  email: v.string(),
  /** The language the user last chose (issue 17), null until they choose one. */
  language: v.nullable(LanguageSchema),
});
/** Login result. */
export type LoginResult = v.InferOutput<typeof LoginResultSchema>;

/** The signed-in user's language (issue 17): kept on their account for every device. */
export const SetLanguageSchema = payloadObject({ language: LanguageSchema });

/** Shown when sign-in fails, whatever the cause (DECISIONS §5). */
/** A state-changing call without the session's CSRF value (403). */
export const CSRF_REFUSED_MESSAGE = 'Invalid or missing CSRF token.';

export const LOGIN_FAILED_MESSAGE = 'Incorrect username or password';
/** Shown with HTTP 429 after too many failed sign-ins (DECISIONS §3). */
export const LOGIN_LOCKED_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** Change-password payload (spec §3, §5). The user comes from the token, never the body. */
export const ChangePasswordSchema = v.pipe(
  payloadObject({
    currentpassword: v.pipe(
      v.string('Current Password is required'),
      v.nonEmpty('Current Password is required'),
      v.maxLength(128, 'Current Password cannot be more than 128 characters long.'),
    ),
    newpassword: v.pipe(
      v.string('New Password is required'),
      v.nonEmpty('New Password is required'),
      v.maxLength(128, 'New Password cannot be more than 128 characters long.'),
    ),
    confirmpassword: v.pipe(
      v.string('Confirm Password is required'),
      v.nonEmpty('Confirm Password is required'),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['newpassword'], ['confirmpassword']],
      (i) => i.newpassword === i.confirmpassword,
      'Password and Confirm Password must be same.',
    ),
    ['confirmpassword'],
  ),
);
/** Change-password payload. */
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;

/** Results of a change-password call that answered isSuccess true (DECISIONS §1). */
export const CHANGE_PASSWORD_RESULTS = {
  changed: 'Password Changed',
  wrongCurrent: 'Invalid Current Password',
  userNotFound: 'User Not Found',
} as const;

/**
 * The token's claims, in the order DECISIONS §3 fixes: subject (user id), role,
 * name, token id, then the times.
 */
export const TokenClaimsSchema = v.object({
  sub: v.string(),
  role: RoleNameSchema,
  name: v.string(),
  jti: v.string(),
  iat: v.number(),
  exp: v.number(),
});
/** The token's claims. */
export type TokenClaims = v.InferOutput<typeof TokenClaimsSchema>;

/** Cookie the server sets for cross-site-request-forgery protection. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Header the client echoes the cookie in on non-GET calls. */
export const XSRF_HEADER = 'X-XSRF-TOKEN';
