/** Child-process entry of `fixedRequestLoadInChild`. */
import { fixedRequestLoad, type FixedRequestOptions } from './fixed-request-load.ts';

const result = await fixedRequestLoad(JSON.parse(process.argv[2] ?? '{}') as FixedRequestOptions);
process.send?.(result, () => process.exit(0));
