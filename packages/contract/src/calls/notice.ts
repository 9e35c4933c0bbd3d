import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField, pageField, pageSizeField } from './paging.ts';

/** Site notices (announcements), newest first, in the caller's language with fallback to en_US. */
export const noticeInfoList = defineCall({
  name: 'notice/notice_info_list',
  request: z.object({ page: pageField, pageSize: pageSizeField }),
  reply: z.object({
    count: z.number(),
    noticeInfoList: z.array(z.object({ id: z.number(), title: z.string(), ctime: z.number() })),
  }),
});

/** One notice; unknown id: noticeNotFound. */
export const noticeInfo = defineCall({
  name: 'notice/notice_info',
  request: z.object({ id: idField }),
  reply: z.object({
    noticeInfo: z.object({
      id: z.number(),
      title: z.string(),
      content: z.string(),
      ctime: z.number(),
      lang: z.string(),
    }),
  }),
});
