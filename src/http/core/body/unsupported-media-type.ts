/**
 * A request body in a media type the server does not read: 415 (RFC 8040
 * §5.2, RFC 9110 §15.5.16). RFC 8040 gives 415 no error-tag, so it is thrown
 * as its own kind and answered apart from the tag-derived statuses.
 */
export class UnsupportedMediaType extends Error {
  override readonly name = 'UnsupportedMediaType';

  constructor(readonly contentType: string) {
    super(`the request body is ${contentType}; this server reads application/yang-data+json and application/json`);
  }
}
