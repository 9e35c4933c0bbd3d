import path from 'node:path';
import { z } from 'zod';

/** Every setting the server reads from its environment, with defaults that run the embedded demo. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  BASE_PATH: z
    .string()
    .default('/')
    .transform((p) => `/${p.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')),
  DEMO: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'readable']).optional(),
  TRUST_PROXY: z.string().default(''),
  COOKIE_SECURE: z.enum(['0', '1']).default('0'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Opex <no-reply@localhost>'),
  WEB_DIST: z.string().optional(),
  GEETEST_ID: z.string().optional(),
  GEETEST_KEY: z.string().optional(),
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALTCHA_HMAC_KEY: z.string().optional(),
  GEETEST_API_URL: z.string().url().default('https://api.geetest.com'),
  ALIYUN_AFS_URL: z.string().url().default('https://afs.aliyuncs.com'),
  MARKET_MAKER: z.enum(['0', '1']).default('1'),
  WS_PING_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  CHAIN_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
  PRICE_SOURCES_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  CONTRACT_PRICES_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  ORDER_RATE_PER_S: z.coerce.number().int().min(0).max(1_000_000).default(50),
  ORDER_RATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(100),
  CODE_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  OPEN_API_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '64 hex digits (32 bytes)')
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** '' for the root, else '/prefix' without a trailing slash. */
  basePath: string;
  demo: boolean;
  /** The demo market maker runs: DEMO=1 and MARKET_MAKER not '0'. */
  marketMaker: boolean;
  /** Realtime heartbeat: a ping this often; a socket silent for three of them is dropped. */
  wsPingMs: number;
  /** How often the deposit watcher polls every chain (ms); 0 turns it off. */
  chainPollMs: number;
  /**
   * How often the price index reads the operator's anchors, exchange rates and markets again (ms), so its listeners
   * hear a change the admin command made from another process; 0 turns it off (readers still see changes at once).
   */
  priceSourcesPollMs: number;
  /** How often futures contracts' index and mark prices are worked out (ms); 0: only when asked (tests). */
  contractPricesTickMs: number;
  /** Order entry per user (order/create and order/cancel): tokens per second (0: no limit) and bucket size. */
  orderRate: { perSecond: number; burst: number };
  /** The least time between two verification codes to one address (the spec's 60 s resend countdown). */
  codeResendMs: number;
  logLevel: string;
  /** 'readable' (the demo's default): one line a person reads per event, requests at debug; else pino's JSON. */
  logFormat: 'json' | 'readable';
  /** Addresses or CIDRs of proxies whose X-Forwarded-For is believed; empty trusts none. */
  trustProxy: string[];
  cookieSecure: boolean;
  /**
   * AES-256-GCM key (hex) that seals API key secrets at rest; unset: a key file generated under DATA_DIR.
   * Every node of one database needs the same key.
   */
  openApiSecretKey: string | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  webDist: string;
  captcha: {
    geetestId: string | undefined;
    geetestKey: string | undefined;
    aliyunAccessKeyId: string | undefined;
    aliyunAccessKeySecret: string | undefined;
    altchaHmacKey: string | undefined;
    /** Base URL of GeeTest's server API (register.php, validate.php). */
    geetestApiUrl: string;
    /** Base URL of Aliyun's AFS API (AuthenticateSig). */
    aliyunAfsUrl: string;
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    basePath: e.BASE_PATH,
    demo: e.DEMO === '1',
    marketMaker: e.DEMO === '1' && e.MARKET_MAKER !== '0',
    wsPingMs: e.WS_PING_MS,
    chainPollMs: e.CHAIN_POLL_MS,
    priceSourcesPollMs: e.PRICE_SOURCES_POLL_MS,
    contractPricesTickMs: e.CONTRACT_PRICES_MS,
    orderRate: { perSecond: e.ORDER_RATE_PER_S, burst: e.ORDER_RATE_BURST },
    codeResendMs: e.CODE_RESEND_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.DEMO === '1' ? 'readable' : 'json'),
    trustProxy: e.TRUST_PROXY.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cookieSecure: e.COOKIE_SECURE === '1',
    openApiSecretKey: e.OPEN_API_SECRET_KEY,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    captcha: {
      geetestId: e.GEETEST_ID,
      geetestKey: e.GEETEST_KEY,
      aliyunAccessKeyId: e.ALIYUN_ACCESS_KEY_ID,
      aliyunAccessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET,
      altchaHmacKey: e.ALTCHA_HMAC_KEY,
      geetestApiUrl: e.GEETEST_API_URL.replace(/\/+$/, ''),
      aliyunAfsUrl: e.ALIYUN_AFS_URL.replace(/\/+$/, ''),
    },
    ...overrides,
  };
}
