/** Child-process entry of `loadInChild`: runs `load` with the options in argv and sends back the result. */
import { load, type LoadOptions } from './load.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await load(options, () => process.send?.('measuring'));
process.send?.(result, () => process.exit(0));
