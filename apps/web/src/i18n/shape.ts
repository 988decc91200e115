/** A string table in another language for the table `T`: the same keys, nested alike, each text any string. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
