import type { CallReply } from '@opex/contract/call';
import type { footerList } from '@opex/contract/calls/cms';

/** Footer link types: 0 a page of this app, 1 an external address, 3 text copied to the clipboard. */
export type FooterLinkKind = 'internal' | 'external' | 'copy';

const kinds: Record<number, FooterLinkKind> = { 0: 'internal', 1: 'external', 3: 'copy' };

export function footerLinkKind(linkType: number): FooterLinkKind | undefined {
  return kinds[linkType];
}

export interface FooterColumn {
  key: string;
  /** Operator text, or a message key of ours for the built-in columns. */
  title: string;
  builtIn: boolean;
  links: { text: string; link: string; kind: FooterLinkKind }[];
}

/** Without operator links, the footer still reaches the content pages that always exist. */
const builtInColumns: { key: string; links: string[] }[] = [
  { key: 'about', links: ['/footerPage/about', '/footerPage/contact', '/noticeInfo', '/cms/download'] },
  {
    key: 'terms',
    links: ['/footerPage/termsOfService', '/footerPage/privacyPolicy', '/footerPage/amlKycPolicy', '/footerPage/risk'],
  },
  { key: 'support', links: ['/footerPage/fees', '/footerPage/support', '/footerPage/security', '/footerPage/apiPage'] },
];

/**
 * The operator's columns when the footer switch is on and they hold links; otherwise the built-in ones. Undefined
 * while the switch is on and the list has not answered yet, so the built-in columns never flash before the operator's.
 */
export function footerColumns(
  list: CallReply<typeof footerList> | undefined,
  footerOpen: boolean,
  listPending: boolean,
): FooterColumn[] | undefined {
  if (footerOpen && listPending) return undefined;
  const operator = footerOpen ? (list ?? []) : [];
  if (operator.some((column) => column.list.length)) {
    return operator.map((column) => ({
      key: column.key,
      title: column.title,
      builtIn: false,
      links: column.list.flatMap((l) => {
        const kind = footerLinkKind(l.linkType);
        return kind ? [{ text: l.linkText, link: l.link, kind }] : [];
      }),
    }));
  }
  return builtInColumns.map((column) => ({
    key: column.key,
    title: column.key,
    builtIn: true,
    links: column.links.map((link) => ({ text: link.split('/').pop() ?? link, link, kind: 'internal' as const })),
  }));
}
