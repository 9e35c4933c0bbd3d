import { parseArgs } from 'node:util';
import type { AdminCommand, AdminContext } from './admin-command.ts';
import { AdminInputError } from './admin-input.ts';
import { catalogCommands } from './catalog-commands.ts';
import { chainCommands } from './chain-commands.ts';
import { coinProfileCommands } from './coin-profile-commands.ts';
import { contentCommands } from './content-commands.ts';
import { fundingCommands } from './funding-commands.ts';
import { futuresCommands } from './futures-commands.ts';
import { indexPriceCommands } from './index-price-commands.ts';
import { kycCommands } from './kyc-commands.ts';
import { marginCommands } from './margin-commands.ts';
import { marketLabelCommands } from './market-label-commands.ts';
import { moneyCommands } from './money-commands.ts';
import { siteCommands } from './site-commands.ts';
import { withdrawCommands } from './withdraw-commands.ts';

/** Every operator command, by its words ('coin add', 'credit', ...). */
export const adminCommands: Record<string, AdminCommand> = {
  ...siteCommands,
  ...catalogCommands,
  ...coinProfileCommands,
  ...marketLabelCommands,
  ...marginCommands,
  ...futuresCommands,
  ...fundingCommands,
  ...indexPriceCommands,
  ...contentCommands,
  ...moneyCommands,
  ...chainCommands,
  ...kycCommands,
  ...withdrawCommands,
};

export function usage(): string {
  return ['Usage: npm run admin -- <command>', '', ...Object.values(adminCommands).map((c) => `  ${c.usage}`)].join(
    '\n',
  );
}

/** Runs one command line (without the program name); returns what to print. Bad input throws AdminInputError. */
export async function runAdmin(argv: string[], ctx: AdminContext): Promise<string> {
  const name = [argv.slice(0, 2).join(' '), argv[0] ?? ''].find((words) => words in adminCommands);
  const command = name ? adminCommands[name] : undefined;
  if (!name || !command) throw new AdminInputError(`unknown command "${argv.slice(0, 2).join(' ')}"\n\n${usage()}`);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv.slice(name.split(' ').length),
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new AdminInputError(`${(error as Error).message}\nusage: ${command.usage}`);
  }
  return command.run(ctx, parsed.positionals, parsed.values as Record<string, string | boolean | undefined>);
}
