/** The `WWW-Authenticate` challenge an answer whose first error is a 401 carries, when the server gives one (CoreOptions.authenticate). */
import { statusOf, type RestconfError } from '../../../errors/index.ts';

export const challengeHeaders = (errors: readonly RestconfError[], challenge: string | undefined): Readonly<Record<string, string>> | undefined => {
  const first = errors[0];
  return challenge !== undefined && first !== undefined && statusOf(first.tag, first.status) === 401 ? { 'www-authenticate': challenge } : undefined;
};
