/** The meta model is read-only for its users; the compiler builds it through this view. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] extends readonly (infer E)[] ? E[] : T[K] };
