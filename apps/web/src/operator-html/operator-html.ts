/**
 * Operator-written HTML (CMS pages, notices, the home pop-up) is shown as markup, but nothing in it may run:
 * scripts, frames, forms and event handlers are dropped, and links may only be http(s), mailto or relative.
 */
const dropped = 'script, style, iframe, object, embed, form, input, button, textarea, select, link, meta, base';
const unsafeUrl = /^\s*(javascript|data|vbscript):/i;

export function cleanOperatorHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const node of Array.from(doc.body.querySelectorAll(dropped))) node.remove();
  for (const element of Array.from(doc.body.querySelectorAll('*'))) {
    for (const attr of Array.from(element.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') element.removeAttribute(attr.name);
      else if ((name === 'href' || name === 'src' || name === 'xlink:href') && unsafeUrl.test(attr.value)) {
        // Images may embed pictures as data: URLs; nothing else may.
        if (
          !(name === 'src' && element.tagName === 'IMG' && /^\s*data:image\/(png|jpe?g|gif|webp);/i.test(attr.value))
        ) {
          element.removeAttribute(attr.name);
        }
      }
    }
    if (element.tagName === 'A' && element.getAttribute('target') === '_blank')
      element.setAttribute('rel', 'noopener noreferrer');
  }
  return doc.body.innerHTML;
}
