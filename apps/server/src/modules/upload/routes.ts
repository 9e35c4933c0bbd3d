import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { callPath } from '@opex/contract/call';
import { getImageToken, UPLOAD_MAX_BYTES, uploadImg } from '@opex/contract/calls/upload';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { failure } from '../../platform/envelope.ts';
import type { Services } from '../../platform/services.ts';
import { checkImageToken, issueImageToken } from './image-token.ts';
import { detectImageType, imageTypeByExtension } from './image-type.ts';

export const UPLOADS_PATH = '/uploads/';
const storedName = /^[0-9a-f]{32}\.(jpg|png)$/;

/**
 * common/upload_img (logged-in users; 5 MB; jpeg or png by content; an upload token, when sent, must be valid),
 * common/get_image_token, and GET /uploads/<name> to serve the images.
 */
export async function registerUpload(app: FastifyInstance, services: Services) {
  const directory = path.join(services.config.dataDir, 'uploads');
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 },
  });

  bindCall(app, services, uploadImg, async (_input, ctx) => {
    if (!ctx.request.isMultipart()) throw new CallError(ErrorCode.badRequest, 'Send the image as multipart/form-data.');
    const file = await ctx.request.file();
    if (!file) throw new CallError(ErrorCode.badRequest, 'No file in the request.');
    const token = file.fields.token;
    if (token && !Array.isArray(token) && token.type === 'field') {
      checkImageToken(services.config, String(token.value), ctx.userId, services.clock.now());
    }
    // Throws the 413 fileTooLarge refusal once the stream passes the limit, before anything is written.
    const content = await file.toBuffer();
    const type = detectImageType(content);
    if (!type) throw new CallError(ErrorCode.fileTypeRejected);
    const filename = `${randomBytes(16).toString('hex')}.${type.extension}`;
    await fs.promises.mkdir(directory, { recursive: true });
    await fs.promises.writeFile(path.join(directory, filename), content, { flag: 'wx' });
    const baseImageUrl = `${services.config.basePath}${UPLOADS_PATH}`;
    return {
      filename,
      filenameStr: `${baseImageUrl}${filename}`,
      name: file.filename.slice(0, 200),
      base_image_url: baseImageUrl,
    };
  });

  bindCall(app, services, getImageToken, async (input, ctx) => {
    const { token, expires } = issueImageToken(services.config, ctx.userId, input.operate_type, services.clock.now());
    return {
      token,
      expireTime: expires,
      uploadUrl: `${services.config.basePath}${callPath(uploadImg)}`,
      operate_type: input.operate_type,
    };
  });

  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}:name`, async (request, reply) => {
    const { name } = request.params;
    const type = storedName.test(name) ? imageTypeByExtension(name.slice(name.lastIndexOf('.') + 1)) : undefined;
    const file = path.join(directory, name);
    if (!type || !fs.existsSync(file)) {
      return reply.status(404).send(failure(ErrorCode.notFound, 'No such image.'));
    }
    return reply
      .type(type.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}
