/**
 * The exchange's products and which of them are built. A route, menu entry or link of a product not built yet is
 * absent (not a placeholder), whatever its switch says: turning `lever_open` on must not lead anyone to an empty page.
 * When a product lands, add it to `builtProducts`; its switch then decides.
 */
export type Product =
  | 'spot'
  | 'margin'
  | 'futures'
  | 'otc'
  | 'fiat'
  | 'newcoin'
  | 'returns'
  | 'financing'
  | 'staking'
  | 'broker'
  | 'agent'
  | 'support';

const builtProducts: ReadonlySet<Product> = new Set<Product>(['spot', 'margin', 'futures']);

/** Whether the product behind a route or link exists (no product: part of the shell, always there). */
export function productBuilt(product: Product | undefined): boolean {
  return product === undefined || builtProducts.has(product);
}
