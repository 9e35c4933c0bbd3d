/** Page title: the SEO title alone on home, else the SEO title prefixing the localised page title. */
export function pageTitle(seoTitle: string | undefined, localisedPage: string | undefined): string {
  const seo = seoTitle?.trim() ?? '';
  if (!localisedPage) return seo;
  return seo ? `${seo} - ${localisedPage}` : localisedPage;
}
