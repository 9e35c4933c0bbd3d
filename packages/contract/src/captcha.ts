import { z } from 'zod';

/**
 * Human-verification fields a protected call may carry, per verification type:
 * '1' the first provider (geetest_*), '2' the second (csessionid, sig, token, scene), '3' our self-hosted
 * proof of work (altcha: the base64 payload of the solved challenge), '0' none.
 */
export const captchaFields = z.object({
  geetest_challenge: z.string().max(200).optional(),
  geetest_seccode: z.string().max(200).optional(),
  geetest_validate: z.string().max(200).optional(),
  csessionid: z.string().max(500).optional(),
  sig: z.string().max(2000).optional(),
  token: z.string().max(500).optional(),
  scene: z.string().max(100).optional(),
  altcha: z.string().max(4000).optional(),
});

export type CaptchaFields = z.infer<typeof captchaFields>;
