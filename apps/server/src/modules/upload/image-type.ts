/** The image types an upload may be, recognised by their first bytes (never by the file's name or declared type). */
const signatures = [
  { extension: 'jpg', contentType: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  { extension: 'png', contentType: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
] as const;

export type ImageType = (typeof signatures)[number];

export function detectImageType(content: Buffer): ImageType | undefined {
  return signatures.find((s) => content.length >= s.magic.length && s.magic.every((byte, i) => content[i] === byte));
}

export function imageTypeByExtension(extension: string): ImageType | undefined {
  return signatures.find((s) => s.extension === extension);
}
