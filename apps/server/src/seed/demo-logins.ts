/**
 * The demo's two traders: the README and the start-up log quote these logins. Each starts with these balances in
 * its exchange account, credited through the ledger.
 */
export const DEMO_LOGINS = [
  { email: 'alice@demo.opex', password: 'Alice2026demo', balances: { USDT: '100000', BTC: '2', ETH: '30' } },
  {
    email: 'bob@demo.opex',
    password: 'Bob2026demo',
    balances: { USDT: '100000', BTC: '2', ETH: '30', LTC: '100', TRX: '50000' },
  },
] as const;
