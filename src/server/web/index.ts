/** What web pages need beside JSON: URL parameters that stand for headers (forms are read by the core: src/http/core/body/form-*.ts). */
export { withUrlParameters, MODE_PARAMETER } from './url-parameters.ts';
export type { WebOptions } from './web-options.ts';
export { derivedRequest } from './derived-request.ts';
export { withQuietChallenge } from './quiet-challenge.ts';
