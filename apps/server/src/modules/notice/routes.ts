import { noticeInfo, noticeInfoList } from '@opex/contract/calls/notice';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import { findNotice, listNotices } from '../../content/notices.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/** notice/notice_info_list and notice/notice_info. */
export async function registerNotice(app: FastifyInstance, services: Services) {
  const { db } = services.database;
  bindCall(app, services, noticeInfoList, async ({ page, pageSize }, ctx) => listNotices(db, ctx.lang, page, pageSize));
  bindCall(app, services, noticeInfo, async ({ id }) => {
    const notice = await findNotice(db, id);
    if (!notice) throw new CallError(ErrorCode.noticeNotFound);
    return {
      noticeInfo: {
        id: Number(notice.id),
        title: notice.title,
        content: notice.content,
        ctime: notice.created_at,
        lang: notice.lang,
      },
    };
  });
}
