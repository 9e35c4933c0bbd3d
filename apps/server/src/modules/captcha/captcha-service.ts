import { VerificationType } from '@opex/contract/calls/public-info';
import type { CaptchaFields } from '@opex/contract/captcha';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SettingsStore } from '../../settings/settings-store.ts';
import { type AliyunKeys, authenticateAliyunSig } from './aliyun-nc.ts';
import { AltchaCaptcha } from './altcha.ts';
import type { CaptchaVerifier } from './captcha-verifier.ts';
import { type GeetestKeys, registerGeetest, validateGeetest } from './geetest.ts';

/**
 * Human verification by the operator's `verificationType` switch: '0' none, '1' GeeTest, '2' Aliyun NC, '3' ALTCHA
 * proof of work. A provider without its keys in configuration fails every check (closed), never passes it.
 */
export class CaptchaService implements CaptchaVerifier {
  constructor(
    private readonly config: Config['captcha'],
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
    readonly altcha: AltchaCaptcha,
  ) {}

  async verificationType(): Promise<string> {
    return (await this.settings.switches()).verificationType ?? VerificationType.none;
  }

  geetestKeys(): GeetestKeys | undefined {
    const { geetestId: id, geetestKey: key, geetestApiUrl: apiUrl } = this.config;
    return id && key ? { id, key, apiUrl } : undefined;
  }

  private async aliyunKeys(): Promise<AliyunKeys | undefined> {
    const {
      aliyunAccessKeyId: accessKeyId,
      aliyunAccessKeySecret: accessKeySecret,
      aliyunAfsUrl: afsUrl,
    } = this.config;
    const appKey = (await this.settings.get<Record<string, string>>('nc', {})).nc_appkey;
    return accessKeyId && accessKeySecret && appKey ? { accessKeyId, accessKeySecret, appKey, afsUrl } : undefined;
  }

  /** The challenge common/tartCaptcha hands out for the current type (null for types without one). */
  async challenge(ip: string) {
    const type = await this.verificationType();
    if (type === VerificationType.geetest) {
      const keys = this.geetestKeys();
      return { verificationType: type, captcha: keys ? await registerGeetest(keys, ip) : undefined };
    }
    if (type === VerificationType.altcha) return { verificationType: type, captcha: await this.altcha.challenge() };
    return { verificationType: type, captcha: null };
  }

  async verify(fields: CaptchaFields, ip: string): Promise<boolean> {
    switch (await this.verificationType()) {
      case VerificationType.none:
        return true;
      case VerificationType.geetest: {
        const keys = this.geetestKeys();
        return keys ? validateGeetest(keys, fields, ip) : false;
      }
      case VerificationType.aliyunNc: {
        const keys = await this.aliyunKeys();
        return keys ? authenticateAliyunSig(keys, fields, ip, this.clock.now()) : false;
      }
      case VerificationType.altcha:
        return this.altcha.verify(fields.altcha);
      default:
        return false;
    }
  }
}

export function createCaptchaService(
  config: Config['captcha'],
  db: Kysely<Database>,
  settings: SettingsStore,
  clock: Clock,
): CaptchaService {
  return new CaptchaService(config, settings, clock, new AltchaCaptcha(db, settings, clock, config.altchaHmacKey));
}
