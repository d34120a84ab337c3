/** The JSON media type of a mode: what the client sends and accepts. */
export const mediaType = (strict: boolean): string => (strict ? 'application/yang-data+json' : 'application/json');
