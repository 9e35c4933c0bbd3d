import type { messages as english } from './locales/en_US.ts';

/** Every locale has exactly English's keys (the compiler checks the shape; locales.test.ts checks at run time). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof english>;
