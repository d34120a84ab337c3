/** The JSON Schema (2020-12, as OpenAPI 3.1 embeds it) objects the OpenAPI document is made of. */
export type JsonSchema = { readonly [key: string]: unknown };
