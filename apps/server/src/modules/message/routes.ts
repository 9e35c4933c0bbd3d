import { getNoReadMessageCount, messageDel, messageUpdateStatus, userMessage } from '@opex/contract/calls/message';
import { ErrorCode } from '@opex/contract/error-codes';
import type { FastifyInstance } from 'fastify';
import {
  countUnread,
  isVisibleMessage,
  latestUnread,
  listMessages,
  type MessageRow,
  markRead,
  messageText,
  softDelete,
} from '../../messages/messages.ts';
import { bindCall } from '../../platform/call-binding.ts';
import { CallError } from '../../platform/call-error.ts';
import type { Services } from '../../services.ts';

/** The unread list in the header shows the newest few. */
const LATEST_UNREAD = 5;

/** A message as the reader sees it: in the language of the request (its `lan` cookie). */
function toItem(row: MessageRow, lang: string) {
  const { title, content } = messageText(row, lang);
  return {
    id: row.id,
    messageType: row.type,
    messageTitle: title,
    messageContent: content,
    status: row.status,
    ctime: row.created_at,
  };
}

export async function registerMessageModule(app: FastifyInstance, services: Services) {
  const { db } = services.database;

  bindCall(app, services, getNoReadMessageCount, async (_input, ctx) => ({
    noReadMsgCount: await countUnread(db, ctx.userId),
    userMessageList: (await latestUnread(db, ctx.userId, LATEST_UNREAD)).map((row) => toItem(row, ctx.lang)),
  }));

  bindCall(app, services, userMessage, async (input, ctx) => {
    const { count, rows } = await listMessages(db, ctx.userId, {
      page: input.page,
      pageSize: input.pageSize,
      type: input.messageType,
    });
    return { count, userMessageList: rows.map((row) => toItem(row, ctx.lang)) };
  });

  bindCall(app, services, messageUpdateStatus, async (input, ctx) => {
    if (input.id !== undefined && !(await isVisibleMessage(db, ctx.userId, input.id))) {
      throw new CallError(ErrorCode.notFound);
    }
    return { updated: await markRead(db, ctx.userId, input.id) };
  });

  bindCall(app, services, messageDel, async (input, ctx) => {
    if (!(await softDelete(db, ctx.userId, input.id))) throw new CallError(ErrorCode.notFound);
    return null;
  });
}
