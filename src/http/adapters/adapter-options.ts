/** Options every adapter takes. */
export interface AdapterOptions {
  readonly host: string;
  /** 0 asks the system for a free port; the server object tells which one it got. */
  readonly port: number;
  /**
   * Share the port with other processes of this machine (`rxconf serve
   * --workers`): uWS listens with SO_REUSEPORT (the kernel spreads new
   * connections), node:http through the node:cluster primary's socket.
   * Default false: the listen is exclusive, a taken port an error.
   */
  readonly sharedPort?: boolean;
  /** Most bytes of request body an exchange will hold; beyond, the body throws `BodyTooLarge`. */
  readonly maxBodyBytes?: number;
  /**
   * Told about a handler that threw or rejected (answered 500) and about a
   * response stream that failed after its headers were sent (connection cut).
   * Defaults to one line on stderr.
   */
  readonly onError?: (error: unknown) => void;
}

export const defaultMaxBodyBytes = 16 * 1024 * 1024;

const logError = (error: unknown): void => {
  console.error('rxconf http: a handler failed:', error);
};

export interface ExchangeSettings {
  readonly maxBodyBytes: number;
  readonly onError: (error: unknown) => void;
}

export const exchangeSettings = (options: AdapterOptions): ExchangeSettings => ({
  maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
  onError: options.onError ?? logError,
});
