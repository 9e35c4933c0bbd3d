import { type MessageKey, messageKeys, messageTemplate } from './message-catalogue.ts';

/** Message parameters (amounts, addresses, times, reasons) as stored beside the key, as text. */
export type MessageParams = Record<string, string>;

const placeholder = /\{(\w+)\}/g;

function fill(template: string, params: MessageParams): string {
  return template.replace(placeholder, (_all, name: string) => params[name] ?? '');
}

/** A keyed message in a language (English where the language lacks it); undefined for a key not in the catalogue. */
export function renderMessage(
  key: string,
  params: MessageParams,
  lang: string,
): { title: string; content: string } | undefined {
  const template = messageTemplate(key, lang);
  return template && { title: fill(template.title, params), content: fill(template.content, params) };
}

/** A template as a pattern whose groups take back the parameters it was filled with. */
function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const seen = new Set<string>();
  const source = escaped.replace(/\\?\{(\w+)\\?\}/g, (_all, name: string) => {
    // A parameter used twice (the coin) must match the same text both times.
    if (seen.has(name)) return `\\k<${name}>`;
    seen.add(name);
    return `(?<${name}>.*?)`;
  });
  return new RegExp(`^${source}$`, 's');
}

/** The key and parameters of a message stored as English text before messages had keys, if it is one of ours. */
export function keyOfEnglishText(
  title: string,
  content: string,
): { key: MessageKey; params: MessageParams } | undefined {
  for (const key of messageKeys()) {
    const english = messageTemplate(key, 'en_US');
    if (!english || english.title !== title) continue;
    const match = patternOf(english.content).exec(content);
    if (match) return { key, params: { ...match.groups } };
  }
  return undefined;
}
