// What the page's Authorization value says about who is logged in.

/** The user of a Basic value; undefined for a bearer token or none. */
export const basicUser = (auth) => (auth.startsWith('Basic ')
  ? new TextDecoder().decode(Uint8Array.from(atob(auth.slice(6)), (c) => c.charCodeAt(0))).split(':')[0]
  : undefined);
