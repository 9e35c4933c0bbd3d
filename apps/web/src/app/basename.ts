/** The router's basename comes from the <base href> the server injects (empty when served at the root). */
export function basenameFrom(baseURI: string): string {
  return new URL(baseURI).pathname.replace(/\/+$/, '');
}
