/**
 * The `securitySchemes` and `security` of a document for the
 * authentication a server has: HTTP Basic, Bearer (JWT), TLS client
 * certificates (`mutualTLS`); with anonymous access also the empty
 * requirement (no credentials). A trusted front proxy authenticates for
 * the server and is no scheme of its clients. No method: the empty
 * requirement alone.
 */
import type { JsonSchema } from './json-schema.ts';

export interface Authentication {
  readonly basic?: boolean;
  readonly bearer?: boolean;
  readonly certificates?: boolean;
  readonly anonymous?: boolean;
  /** A trusted front proxy names the user. */
  readonly proxy?: boolean;
}

export const securitySchemes = (auth: Authentication): { schemes: Record<string, JsonSchema>; security: JsonSchema[] } => {
  const schemes: Record<string, JsonSchema> = {};
  if (auth.basic === true) schemes.basic = { type: 'http', scheme: 'basic', description: 'A user and password of the server\'s user file.' };
  if (auth.bearer === true) schemes.bearer = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JSON Web Token the server\'s keys verify.' };
  if (auth.certificates === true) schemes.mutualTLS = { type: 'mutualTLS', description: 'A TLS client certificate the server maps to a user.' };
  const security: JsonSchema[] = Object.keys(schemes).map((name) => ({ [name]: [] }));
  if (security.length === 0 || auth.anonymous === true) security.push({});
  return { schemes, security };
};

/** Whether requests of a server with this authentication can be refused with 401: any method (with anonymous access, wrong credentials still are). */
export const authenticates = (auth: Authentication): boolean => Object.values(auth).some((on) => on === true);
