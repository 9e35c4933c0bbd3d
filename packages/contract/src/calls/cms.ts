import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * Operator pages (the footerPage children: about, termsOfService, privacyPolicy, fees, ...) and the footer link
 * lists, in the caller's language (`lan` cookie) with fallback to en_US.
 */
export const FooterLinkType = { internal: 0, external: 1, copy: 3 } as const;

export const footerLink = z.object({ linkText: z.string(), link: z.string(), linkType: z.number() });

export const footerList = defineCall({
  name: 'cms/footer/list',
  request: z.object({}),
  reply: z.array(z.object({ key: z.string(), title: z.string(), list: z.array(footerLink) })),
});

/** One page by key; unknown key: pageNotFound. */
export const cmsInfo = defineCall({
  name: 'cms/info',
  request: z.object({ key: z.string().trim().min(1).max(100) }),
  reply: z.object({ key: z.string(), lang: z.string(), title: z.string(), content: z.string(), mtime: z.number() }),
});
