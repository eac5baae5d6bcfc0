import { inbox } from "@atelier/contracts";
import { route } from "../http/route";
import { archiveConversation } from "../services/inbox/archive-conversation";
import { countUnreadMessages } from "../services/inbox/count-unread-messages";
import { createSupplierSession } from "../services/inbox/create-supplier-session";
import { getConversation } from "../services/inbox/get-conversation";
import { listConversations } from "../services/inbox/list-conversations";
import { listMessages } from "../services/inbox/list-messages";
import { markConversationUnread } from "../services/inbox/mark-conversation-unread";
import { readConversation } from "../services/inbox/read-conversation";
import { sendMessage } from "../services/inbox/send-message";
import { sendTyping } from "../services/inbox/send-typing";
import { startConversation } from "../services/inbox/start-conversation";

export const inboxRoutes = [
  route(inbox.listConversations, ({ ctx, query }) => listConversations(ctx, query)),
  route(inbox.countUnreadMessages, ({ ctx }) => countUnreadMessages(ctx)),
  route(inbox.startConversation, ({ ctx, body }) => startConversation(ctx, body)),
  route(inbox.getConversation, ({ ctx, params }) => getConversation(ctx, params.sid)),
  route(inbox.listMessages, ({ ctx, params, query }) => listMessages(ctx, params.sid, query)),
  route(inbox.sendMessage, ({ ctx, params, body }) => sendMessage(ctx, params.sid, body)),
  route(inbox.readConversation, ({ ctx, params, body }) => readConversation(ctx, params.sid, body?.index)),
  route(inbox.markConversationUnread, ({ ctx, params }) => markConversationUnread(ctx, params.sid)),
  route(inbox.archiveConversation, ({ ctx, params, body }) => archiveConversation(ctx, params.sid, body?.archived ?? true)),
  route(inbox.sendTyping, ({ ctx, params, body }) => sendTyping(ctx, params.sid, body.typing)),
  route(inbox.createSupplierSession, ({ ctx, body }) => createSupplierSession(ctx, body)),
];
