/** The PATCH baseline: uWebSockets.js used directly, reading the request body and answering 204, nothing else. */
import uWS, { type TemplatedApp, type us_listen_socket } from '@trufflesuite/uws-js-unofficial';

export interface RawPatchServer {
  readonly port: number;
  close(): void;
}

interface ClosableApp { close?: () => void }

export const rawPatchServer = (host: string): Promise<RawPatchServer> => {
  const app: TemplatedApp = uWS.App().patch('/*', (res) => {
    let aborted = false;
    res.onAborted(() => { aborted = true; });
    res.onData((_chunk, last) => {
      if (last && !aborted) res.cork(() => res.writeStatus('204 No Content').end());
    });
  });
  return new Promise((resolve, reject) => {
    app.listen(host, 0, (socket: us_listen_socket | false) => {
      if (socket === false) return reject(new Error('uWS could not listen'));
      return resolve({
        port: uWS.us_socket_local_port(socket),
        close: () => {
          uWS.us_listen_socket_close(socket);
          (app as ClosableApp).close?.();
        },
      });
    });
  });
};
