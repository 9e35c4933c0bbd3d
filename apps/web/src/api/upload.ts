import { type CallReply, callPath } from '@opex/contract/call';
import { uploadImg } from '@opex/contract/calls/upload';
import { unwrap } from './call.ts';
import { http } from './http.ts';

export type UploadedImage = CallReply<typeof uploadImg>;

/**
 * common/upload_img: the file as multipart field `file`, with upload progress in percent. The reply names the
 * stored file (`filename`, what forms submit) and its address (`filenameStr`, what previews show).
 */
export async function uploadImage(file: File, onProgress: (percent: number) => void): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const response = await http.post(callPath(uploadImg).replace(/^\//, ''), form, {
    onUploadProgress: (event) => {
      if (event.total) onProgress((event.loaded * 100) / event.total);
    },
  });
  return unwrap(response.data) as UploadedImage;
}
