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

/**
 * common/get_image_token { operate_type }: a token for uploading images of one purpose (the spec's "image tokens per
 * operate_type", e.g. identity documents or a ticket's attachment), good for `expireTime` (epoch ms, ten minutes).
 * Sent as the multipart field `token` with common/upload_img (at `uploadUrl`), it must be this user's and unexpired,
 * or the upload is refused (20019); the original used it to upload straight to a separate image host.
 */
export const IMAGE_TOKEN_TTL_MS = 10 * 60_000;

export const getImageToken = defineCall({
  name: 'common/get_image_token',
  access: 'login',
  request: z.object({
    operate_type: z.coerce.string().regex(/^\d{1,4}$/, 'operate_type: a number of at most 4 digits'),
  }),
  reply: z.object({ token: z.string(), expireTime: z.number(), uploadUrl: z.string(), operate_type: z.string() }),
});
