/** Platform detection of the spec: phone, tablet, Android, PC, from the user agent. */
export interface Platform {
  isPhone: boolean;
  isTablet: boolean;
  isAndroid: boolean;
  isPc: boolean;
}

export function detectPlatform(userAgent: string): Platform {
  const isAndroid = /Android/i.test(userAgent);
  const isTablet = /iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent) || (isAndroid && !/Mobile/i.test(userAgent));
  const isPhone = !isTablet && /iPhone|iPod|Android.*Mobile|Windows Phone|Mobile/i.test(userAgent);
  return { isPhone, isTablet, isAndroid, isPc: !isPhone && !isTablet };
}

/** On a phone or tablet, a site with a mobile address (mexUrl) sends the visitor there. */
export function mobileRedirectTarget(platform: Platform, mexUrl: string | undefined): string | undefined {
  return (platform.isPhone || platform.isTablet) && mexUrl ? mexUrl : undefined;
}
