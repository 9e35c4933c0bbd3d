import type { CodeChannel } from '../../accounts/verification-codes.ts';
import type { Switches } from '../../settings/settings-store.ts';

/**
 * Switch `user_reg_type` chooses how accounts register: '2' phone only, '3' e-mail or phone, anything else
 * (absent, '0', '1') e-mail only, the safe default for an install without an SMS gateway.
 */
const channelsByRegType: Record<string, CodeChannel[]> = {
  '2': ['sms'],
  '3': ['email', 'sms'],
};

export function registrationChannels(switches: Switches): CodeChannel[] {
  return channelsByRegType[switches.user_reg_type ?? ''] ?? ['email'];
}
