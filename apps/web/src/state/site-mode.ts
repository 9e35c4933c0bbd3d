/** Which product the site serves as a whole (public info's site mode): the full exchange, fiat only, or futures only. */
export type SiteMode = 'standard' | 'fiat' | 'futures';
