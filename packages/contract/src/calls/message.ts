import { z } from 'zod';
import { defineCall } from '../call.ts';
import { idField as messageId, pageField, pageSizeField, positiveInt } from './paging.ts';

/**
 * The logged-in user's messages (the spec's message/* calls). The server writes them on events: new-device
 * login, password changed, and later fills and deposits. Every call checks ownership: another user's id
 * answers not-found and changes nothing.
 */
export const MessageType = { security: 1, trade: 2, finance: 3, system: 4 } as const;
/** status: 0 unread, 1 read. */
export const MessageStatus = { unread: 0, read: 1 } as const;

export const userMessageItem = z.object({
  id: z.number(),
  messageType: z.number(),
  messageTitle: z.string(),
  messageContent: z.string(),
  status: z.number(),
  ctime: z.number(),
});

/** The unread count and the latest few unread messages (polled every 15 s). */
export const getNoReadMessageCount = defineCall({
  name: 'message/v4/get_no_read_message_count',
  access: 'login',
  request: z.object({}),
  reply: z.object({ noReadMsgCount: z.number(), userMessageList: z.array(userMessageItem) }),
});

export const userMessage = defineCall({
  name: 'message/user_message',
  access: 'login',
  request: z.object({
    page: pageField,
    pageSize: pageSizeField,
    messageType: positiveInt(100).optional(),
  }),
  reply: z.object({ count: z.number(), userMessageList: z.array(userMessageItem) }),
});

/** Marks one message read, or all of the user's messages when `id` is absent. */
export const messageUpdateStatus = defineCall({
  name: 'message/message_update_status',
  access: 'login',
  writes: true,
  request: z.object({ id: messageId.optional() }),
  reply: z.object({ updated: z.number() }),
});

/** Soft-deletes one message. */
export const messageDel = defineCall({
  name: 'message/message_del',
  access: 'login',
  writes: true,
  request: z.object({ id: messageId }),
  reply: z.null(),
});
