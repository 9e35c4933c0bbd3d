/** The image upload's file rules (shell.md §5, §8, §9): at most 5 MB by default, formats jpeg, jpg and png. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_FORMATS = ['jpeg', 'jpg', 'png'] as const;

export interface ImageRejection {
  code: 'maxSize' | 'format';
  message: string;
}

const tooLarge: ImageRejection = { code: 'maxSize', message: 'image too large' };
const wrongFormat: ImageRejection = { code: 'format', message: 'image format not supported' };

export function checkImageFile(
  file: { name: string; size: number; type: string },
  maxBytes: number = IMAGE_MAX_BYTES,
  formats: readonly string[] = IMAGE_FORMATS,
): ImageRejection | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const subtype = file.type.startsWith('image/') ? file.type.slice('image/'.length).toLowerCase() : '';
  if (!formats.includes(extension) && !formats.includes(subtype)) return wrongFormat;
  if (file.size > maxBytes) return tooLarge;
  return null;
}
