/** simplified: a flag choosing the default (simplified) compliance mode whatever the media types say. */
import { parsed, refused, type QueryParameter } from './query-parameter.ts';

export const simplified: QueryParameter<true> = {
  name: 'simplified',
  use: 'any',
  parse: (value) => (value === undefined || value === '' ? parsed(true) : refused(`is a flag and takes no value, got "${value}"`)),
};
