import { findCoin } from '../catalog/coins.ts';
import { validateAddress } from '../chains/address-validation.ts';
import {
  addressSchemeOf,
  type ChainConfig,
  chainKinds,
  findChain,
  findCoinChain,
  forgetIssuedAddresses,
  isBitcoinNetwork,
  listChains,
  listCoinChains,
  saveChain,
  saveCoinChain,
  watcherKinds,
} from '../chains/chain-config.ts';
import { DerivationError, parseExtendedPublicKey } from '../chains/hd-derivation.ts';
import { SimulatedChain } from '../chains/simulated-chain.ts';
import { type AdminCommand, change, positional, stringFlags } from './admin-command.ts';
import { AdminInputError, decimal, flag01, integer, optional, symbol, text } from './admin-input.ts';

/**
 * Chains and coin-chains for deposits (extended public keys only: a private key is refused), and the simulated
 * chain's controls for the demo and tests: send to an address, mine blocks, drop a transaction as a re-org would.
 */
const oneOf = <T extends string>(value: string, allowed: readonly T[], name: string): T => {
  if (!allowed.includes(value as T)) throw new AdminInputError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
};

async function configuredChain(ctx: Parameters<AdminCommand['run']>[0], id: string): Promise<ChainConfig> {
  const chain = await findChain(ctx.handle.db, symbol(id, 'chain'));
  if (!chain) throw new AdminInputError(`chain ${id} is not configured (chain set ${id.toUpperCase()} ...)`);
  return chain;
}

async function simulatedChain(ctx: Parameters<AdminCommand['run']>[0], id: string): Promise<SimulatedChain> {
  const chain = await configuredChain(ctx, id);
  if (chain.watcher !== 'simulated') throw new AdminInputError(`chain ${chain.chain} is not a simulated chain`);
  return new SimulatedChain(ctx.handle.db, ctx.clock, chain.chain);
}

const xpubProblems: Record<DerivationError['reason'], string> = {
  no_xpub: 'is empty',
  bad_xpub: 'is not a valid extended public key',
  private_key: 'is a PRIVATE key: give the extended public key; the exchange never holds private keys',
  bad_index: 'cannot derive addresses',
};

export const chainCommands: Record<string, AdminCommand> = {
  'chain set': {
    usage:
      'chain set <CHAIN> --name NAME --kind bitcoin|evm --network bitcoin|bitcoin-testnet|bitcoin-regtest|litecoin|<evm label> --confirmations N [--watcher simulated|bitcoind|evm-rpc] [--rpc-url URL] [--xpub KEY] [--explorer-tx "https://.../tx/{txid}"]',
    options: stringFlags('name', 'kind', 'network', 'confirmations', 'watcher', 'rpc-url', 'xpub', 'explorer-tx'),
    async run(ctx, p, f) {
      const id = symbol(positional(p, 0, 'CHAIN'), 'chain');
      const existing = await findChain(ctx.handle.db, id);
      const kind = oneOf(optional(f, 'kind') ?? existing?.kind ?? '', chainKinds, 'kind');
      const network = text(optional(f, 'network') ?? existing?.network ?? '', '--network', 30);
      if (kind === 'bitcoin' && !isBitcoinNetwork(network)) {
        throw new AdminInputError(
          '--network of a bitcoin chain must be bitcoin, bitcoin-testnet, bitcoin-regtest or litecoin',
        );
      }
      if (network === '') throw new AdminInputError('--network is required');
      const watcher = oneOf(optional(f, 'watcher') ?? existing?.watcher ?? 'simulated', watcherKinds, 'watcher');
      const rpcUrl = optional(f, 'rpc-url') ?? existing?.rpc_url ?? '';
      if (watcher !== 'simulated' && !/^https?:\/\/\S+$/.test(rpcUrl)) {
        throw new AdminInputError(`--rpc-url (http:// or https://) is required for the ${watcher} watcher`);
      }
      const xpub = optional(f, 'xpub') ?? existing?.xpub ?? '';
      if (xpub !== '') {
        try {
          parseExtendedPublicKey(xpub);
        } catch (error) {
          if (error instanceof DerivationError) throw new AdminInputError(`--xpub ${xpubProblems[error.reason]}`);
          throw error;
        }
      }
      const explorerTx = optional(f, 'explorer-tx') ?? existing?.explorer_tx ?? '';
      if (explorerTx !== '' && !/^https?:\/\/[^\s"'<>]*\{txid\}[^\s"'<>]*$/.test(explorerTx))
        throw new AdminInputError(
          "--explorer-tx must be an http(s) address with {txid} in it, like 'https://mempool.space/tx/{txid}'",
        );
      const row = {
        chain: id,
        name: text(optional(f, 'name') ?? existing?.name ?? id, '--name', 50),
        kind,
        network,
        watcher,
        rpc_url: text(rpcUrl, '--rpc-url', 500),
        xpub,
        confirmations: integer(optional(f, 'confirmations'), 'confirmations', 1, 10_000, existing?.confirmations),
        explorer_tx: text(explorerTx, '--explorer-tx', 500),
      };
      const { xpub: _hidden, rpc_url: _secret, ...audited } = row;
      const rekeyed =
        existing !== undefined && (existing.xpub !== xpub || existing.kind !== kind || existing.network !== network);
      let forgotten = 0;
      await change(
        ctx,
        { action: 'chain.set', subject: `chain:${id}`, detail: { ...audited, xpubSet: xpub !== '', rekeyed } },
        async (db) => {
          await saveChain(db, row, ctx.clock.now());
          if (rekeyed) forgotten = await forgetIssuedAddresses(db, id);
        },
      );
      const notes = [
        xpub ? '' : ', no xpub yet: addresses will fail until one is set',
        forgotten ? `; ${forgotten} issued addresses forgotten, made again from the new settings` : '',
      ].join('');
      return `chain ${id} saved (${kind}, ${network}, ${watcher}, ${row.confirmations} confirmations)${notes}`;
    },
  },
  'chain coin': {
    usage: 'chain coin <COIN> <CHAIN> --min 0.001 --decimals 8 [--memo 0|1] [--contract 0xTOKEN] [--sort N]',
    options: stringFlags('min', 'decimals', 'memo', 'contract', 'sort'),
    async run(ctx, p, f) {
      const coinSymbol = symbol(positional(p, 0, 'COIN'), 'coin');
      if (!(await findCoin(ctx.handle.db, coinSymbol))) throw new AdminInputError(`coin ${coinSymbol} is not listed`);
      const chain = await configuredChain(ctx, positional(p, 1, 'CHAIN'));
      const existing = await findCoinChain(ctx.handle.db, coinSymbol, chain.chain);
      const contract = optional(f, 'contract') ?? existing?.contract ?? '';
      if (contract !== '' && (chain.kind !== 'evm' || !/^0x[0-9a-fA-F]{40}$/.test(contract))) {
        throw new AdminInputError('--contract is a token contract address (0x + 40 hex) on an evm chain');
      }
      const row = {
        coin: coinSymbol,
        chain: chain.chain,
        min_deposit: decimal(optional(f, 'min') ?? existing?.min_deposit ?? '', 'min'),
        decimals: integer(optional(f, 'decimals'), 'decimals', 0, 36, existing?.decimals),
        need_memo: flag01(optional(f, 'memo'), 'memo', existing?.need_memo === 1) ? 1 : 0,
        contract,
        sort: integer(optional(f, 'sort'), 'sort', 0, 1_000_000, existing?.sort ?? 0),
      };
      // A memo rule change moves the coin between one shared address and one address per user.
      const rekeyed = existing !== undefined && existing.need_memo !== row.need_memo;
      await change(
        ctx,
        { action: 'chain.coin', subject: `coin-chain:${coinSymbol}/${chain.chain}`, detail: { ...row, rekeyed } },
        async (db) => {
          await saveCoinChain(db, row, ctx.clock.now());
          if (rekeyed) await forgetIssuedAddresses(db, chain.chain, coinSymbol);
        },
      );
      return `${coinSymbol} on ${chain.chain}: minimum ${row.min_deposit}, ${row.decimals} decimals${row.need_memo ? ', memo' : ''}${contract ? `, token ${contract}` : ''}`;
    },
  },
  'chain list': {
    usage: 'chain list',
    async run(ctx) {
      const coinChains = await listCoinChains(ctx.handle.db);
      const lines = (await listChains(ctx.handle.db)).map((c) => {
        const coins = coinChains.filter((cc) => cc.chain === c.chain).map((cc) => `${cc.coin} (min ${cc.min_deposit})`);
        const status = c.scan_error ? `ERROR ${c.scan_error}` : `cursor ${c.scan_cursor || '-'}`;
        return `${c.chain}\t${c.kind}/${c.network}\t${c.watcher}\t${c.confirmations} conf\txpub ${c.xpub ? 'set' : 'MISSING'}\t${coins.join(', ') || 'no coins'}\t${status}`;
      });
      return lines.join('\n') || '(no chains)';
    },
  },
  'chain send': {
    usage: 'chain send <COIN> <CHAIN> <ADDRESS> <AMOUNT> [--txid X] [--memo M]   (simulated chains)',
    options: stringFlags('txid', 'memo'),
    async run(ctx, p, f) {
      const coinSymbol = symbol(positional(p, 0, 'COIN'), 'coin');
      const sim = await simulatedChain(ctx, positional(p, 1, 'CHAIN'));
      const chain = (await findChain(ctx.handle.db, sim.chain)) as ChainConfig;
      const coinChain = await findCoinChain(ctx.handle.db, coinSymbol, sim.chain);
      if (!coinChain) throw new AdminInputError(`${coinSymbol} is not carried by chain ${sim.chain} (chain coin ...)`);
      const address = positional(p, 2, 'ADDRESS');
      const check = validateAddress(addressSchemeOf(chain), address);
      if (!check.ok) throw new AdminInputError(`<ADDRESS> is not a ${sim.chain} address: ${check.reason}`);
      const amount = decimal(positional(p, 3, 'AMOUNT'), 'amount');
      if (!/[1-9]/.test(amount)) throw new AdminInputError('<AMOUNT> must be positive');
      if ((amount.split('.')[1] ?? '').length > coinChain.decimals) {
        throw new AdminInputError(`<AMOUNT> has more than ${coinChain.decimals} decimals, the unit of ${coinSymbol}`);
      }
      const txid = optional(f, 'txid');
      if (txid !== undefined && !/^[0-9A-Za-z]{1,100}$/.test(txid))
        throw new AdminInputError('--txid must be 1 to 100 letters or digits');
      const memo = text(optional(f, 'memo') ?? '', '--memo', 40);
      if (
        txid &&
        (await ctx.handle.db
          .selectFrom('sim_chain_txs')
          .select('id')
          .where('chain', '=', sim.chain)
          .where('txid', '=', txid)
          .executeTakeFirst())
      ) {
        throw new AdminInputError(`transaction ${txid} is already on chain ${sim.chain}`);
      }
      let sent = '';
      await change(
        ctx,
        {
          action: 'chain.send',
          subject: `chain:${sim.chain}`,
          detail: { coin: coinSymbol, address, amount, memo, txid },
        },
        async (db) => {
          sent = await new SimulatedChain(db, ctx.clock, sim.chain).send(coinSymbol, address, amount, memo, txid);
        },
      );
      return `sent ${amount} ${coinSymbol} to ${address}${memo ? ` (memo ${memo})` : ''} on ${sim.chain}: txid ${sent}, in the mempool until "chain mine ${sim.chain}"`;
    },
  },
  'chain mine': {
    usage: 'chain mine <CHAIN> [BLOCKS]   (simulated chains; default 1 block)',
    async run(ctx, p) {
      const sim = await simulatedChain(ctx, positional(p, 0, 'CHAIN'));
      const blocks = integer(p[1], 'blocks', 1, 10_000, 1);
      let height = 0;
      await change(ctx, { action: 'chain.mine', subject: `chain:${sim.chain}`, detail: { blocks } }, async (db) => {
        height = await new SimulatedChain(db, ctx.clock, sim.chain).mine(blocks);
      });
      return `mined ${blocks} block${blocks === 1 ? '' : 's'} on ${sim.chain}: height ${height}`;
    },
  },
  'chain reorg': {
    usage: 'chain reorg <CHAIN> <TXID>   (simulated chains: the transaction leaves the chain)',
    async run(ctx, p) {
      const sim = await simulatedChain(ctx, positional(p, 0, 'CHAIN'));
      const txid = positional(p, 1, 'TXID');
      let dropped = false;
      await change(ctx, { action: 'chain.reorg', subject: `chain:${sim.chain}`, detail: { txid } }, async (db) => {
        dropped = await new SimulatedChain(db, ctx.clock, sim.chain).drop(txid);
        if (!dropped) throw new AdminInputError(`no transaction ${txid} on chain ${sim.chain}`);
      });
      return `transaction ${txid} dropped from ${sim.chain}`;
    },
  },
};
