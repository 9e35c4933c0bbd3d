/**
 * The operator's footer widgets (coin widget, analytics, help desk, chat) arrive as one snippet in public info
 * (msg.config_footer_js). They load 2 s after the footer, so they never compete with the page itself, and never on
 * the multi-chart trade page (trade type showMore), where they would cover charts.
 */
export const FOOTER_WIDGET_DELAY_MS = 2000;

export function footerWidgetsWanted(snippet: string | undefined, pathname: string): boolean {
  return !!snippet?.trim() && pathname !== '/tradeMore';
}

/** Adds the snippet's scripts to the page, once: a script element created by the DOM API runs, innerHTML would not. */
export function injectFooterWidgets(snippet: string, doc: Document = document): void {
  if (doc.querySelector('[data-footer-widgets]')) return;
  const holder = doc.createElement('div');
  holder.dataset.footerWidgets = '';
  holder.hidden = true;
  const template = doc.createElement('template');
  template.innerHTML = snippet;
  for (const node of Array.from(template.content.childNodes)) {
    if (node instanceof HTMLScriptElement) {
      const script = doc.createElement('script');
      for (const attr of Array.from(node.attributes)) script.setAttribute(attr.name, attr.value);
      script.textContent = node.textContent;
      holder.appendChild(script);
    } else {
      holder.appendChild(node);
    }
  }
  doc.body.appendChild(holder);
}
