import { z } from 'zod';
import { defineCall } from '../call.ts';

/**
 * Image upload: multipart/form-data with the file in field `file` (also accepted: `imageFile`), at most 5 MB,
 * jpeg or png by content. The image is then served at `base_image_url + filename`; `filenameStr` is that address.
 */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const uploadImg = defineCall({
  name: 'common/upload_img',
  access: 'login',
  writes: true,
  // The body is multipart: the server reads the file stream itself.
  request: z.object({}),
  reply: z.object({ filename: z.string(), filenameStr: z.string(), name: z.string(), base_image_url: z.string() }),
});
