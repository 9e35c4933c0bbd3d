/** A copy of a typed array in a larger one of the same kind: the only place the book's storage grows. */
export function grown<T extends Float64Array | Int32Array | Uint16Array>(from: T, size: number): T {
  const to = new (from.constructor as new (n: number) => T)(size);
  to.set(from);
  return to;
}
