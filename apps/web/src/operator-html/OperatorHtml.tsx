import { cleanOperatorHtml } from './operator-html.ts';

/** Operator-written rich text (CMS pages, notices), cleaned of anything that could run. */
export function OperatorHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: cleaned by cleanOperatorHtml
  return <div className={className} dangerouslySetInnerHTML={{ __html: cleanOperatorHtml(html) }} />;
}
