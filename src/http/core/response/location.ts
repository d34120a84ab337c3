/**
 * The Location of a created data resource (RFC 8040 §4.4.1, §4.5): the
 * absolute URL of `/restconf/data` (at the request's base URL, as
 * request-base-url.ts decides it) plus the api-path of the new resource,
 * key values in their canonical form, percent-encoded.
 */
import { stepsPath, type TargetStep } from '../../../actors/index.ts';
import { resourcePath } from '../../../data/resource-path.ts';
import type { CoreRequest } from '../../exchange.ts';
import { requestBaseUrl } from '../../forwarded/request-base-url.ts';

export const dataUrl = (request: CoreRequest, steps: readonly TargetStep[]): string =>
  `${requestBaseUrl(request)}/restconf/data${resourcePath(stepsPath(steps))}`;
