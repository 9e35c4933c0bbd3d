import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { callPath } from '@opex/contract/call';
import { getImageToken, UPLOAD_MAX_BYTES, uploadImg } from '@opex/contract/calls/upload';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { userImageDirectory, userImagePath } from '../../images/image-store.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import { failure } from '../../platform/envelope.ts';
import { SESSION_COOKIE } from '../../platform/session-store.ts';
import type { Services } from '../../services.ts';
import { checkImageToken, issueImageToken } from './image-token.ts';
import { detectImageType, imageTypeByExtension } from './image-type.ts';

export const UPLOADS_PATH = '/uploads/';

/**
 * common/upload_img (logged-in users; 5 MB; jpeg or png by content; an upload token, when sent, must be valid),
 * common/get_image_token, and GET /uploads/<name> to serve an image back to the user who uploaded it (they are
 * identity documents): never to anyone else, never kept by a cache.
 */
export async function registerUpload(app: FastifyInstance, services: Services) {
  const { dataDir } = services.config;
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000 },
  });

  bindCall(app, services, uploadImg, async (_input, ctx) => {
    if (!ctx.request.isMultipart()) throw new CallError(ErrorCode.multipartInvalid, undefined, 400);
    const file = await ctx.request.file().catch(refuseMalformed);
    if (!file) throw new CallError(ErrorCode.badRequest, 'No file in the request.');
    const token = file.fields.token;
    if (token && !Array.isArray(token) && token.type === 'field') {
      checkImageToken(services.config, String(token.value), ctx.userId, services.clock.now());
    }
    // Throws the 413 fileTooLarge refusal once the stream passes the limit, before anything is written.
    const content = await file.toBuffer().catch(refuseMalformed);
    const type = detectImageType(content);
    if (!type) throw new CallError(ErrorCode.fileTypeRejected);
    const filename = `${randomBytes(16).toString('hex')}.${type.extension}`;
    const directory = userImageDirectory(dataDir, ctx.userId);
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
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await services.sessions.resolve(token) : null;
    // Someone else's image and no image at all answer alike: a name tells nothing without its owner's session.
    const file = session ? userImagePath(dataDir, session.userId, name) : null;
    const type = imageTypeByExtension(name.slice(name.lastIndexOf('.') + 1));
    if (!file || !type || !fs.existsSync(file)) {
      return reply.status(404).header('cache-control', 'no-store').send(failure(ErrorCode.notFound, 'No such image.'));
    }
    return reply
      .type(type.contentType)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}

/** A multipart body the parser cannot read (no boundary, cut short) is the client's mistake, not a server error. */
function refuseMalformed(error: unknown): never {
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) throw error;
  throw new CallError(ErrorCode.multipartInvalid, undefined, 400);
}
