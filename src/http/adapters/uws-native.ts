import uWS from '@trufflesuite/uws-js-unofficial';

/**
 * True when the package loaded its native binary. When the binary does not
 * load, the package silently hands out a slow node:http imitation that lacks
 * onWritable, pause and more; its functions are plain JavaScript, the
 * addon's are native code.
 */
export const uwsNative: boolean = Function.prototype.toString.call(uWS.App).includes('[native code]');

export { uWS };
