/** Who a request is from, as authentication established it; it reaches nodes as the request context's `user` and `roles`. */
export interface Identity {
  readonly user: string;
  /** Groups (NACM groups; the context's `roles`). */
  readonly groups: readonly string[];
  /** How the identity was established. */
  readonly method: 'basic' | 'bearer' | 'certificate' | 'proxy' | 'anonymous';
}

/** Why a credential was refused; never echoes the credential. */
export class AuthFailure extends Error {
  constructor(message: string, readonly scheme: 'Basic' | 'Bearer' | undefined) {
    super(message);
  }
}
