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
import { acceptQuote } from "../services/inbox/quotes/accept-quote";
import { compareQuotes } from "../services/inbox/quotes/compare-quotes";
import { compareQuotesByProject } from "../services/inbox/quotes/compare-quotes-by-project";
import { counterQuote } from "../services/inbox/quotes/counter-quote";
import { declineQuote } from "../services/inbox/quotes/decline-quote";
import { getQuote, listQuotes } from "../services/inbox/quotes/list-quotes";
import { proposeQuote } from "../services/inbox/quotes/propose-quote";
import { acceptMeeting } from "../services/inbox/meetings/accept-meeting";
import { declineMeeting } from "../services/inbox/meetings/decline-meeting";
import { getMeeting, listMeetings } from "../services/inbox/meetings/list-meetings";
import { requestMeeting } from "../services/inbox/meetings/request-meeting";
import { addPin } from "../services/inbox/attachments/add-pin";
import { attachFile } from "../services/inbox/attachments/attach-file";
import { listAttachments } from "../services/inbox/attachments/list-attachments";
import { listPins } from "../services/inbox/attachments/list-pins";

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

export const quoteRoutes = [
  route(inbox.proposeQuote, ({ ctx, params, body }) => proposeQuote(ctx, params.sid, body)),
  route(inbox.listQuotes, ({ ctx, query }) => listQuotes(ctx, query)),
  route(inbox.compareQuotes, ({ ctx, query }) => compareQuotes(ctx, query)),
  route(inbox.compareQuotesByProject, ({ ctx, query }) => compareQuotesByProject(ctx, query)),
  route(inbox.getQuote, ({ ctx, params }) => getQuote(ctx, params.id)),
  route(inbox.counterQuote, ({ ctx, params, body }) => counterQuote(ctx, params.id, body)),
  route(inbox.acceptQuote, ({ ctx, params }) => acceptQuote(ctx, params.id)),
  route(inbox.declineQuote, ({ ctx, params, body }) => declineQuote(ctx, params.id, body?.reason ?? "")),
];

export const meetingRoutes = [
  route(inbox.requestMeeting, ({ ctx, params, body }) => requestMeeting(ctx, params.sid, body)),
  route(inbox.listMeetings, ({ ctx, query }) => listMeetings(ctx, query)),
  route(inbox.getMeeting, ({ ctx, params }) => getMeeting(ctx, params.id)),
  route(inbox.acceptMeeting, ({ ctx, params, body }) => acceptMeeting(ctx, params.id, body.startsAt)),
  route(inbox.declineMeeting, ({ ctx, params, body }) => declineMeeting(ctx, params.id, body?.reason ?? "")),
];

export const attachmentRoutes = [
  route(inbox.attachFile, ({ ctx, params }) => attachFile(ctx, params.sid)),
  route(inbox.listAttachments, ({ ctx, params, query }) => listAttachments(ctx, params.sid, query)),
  route(inbox.listPins, ({ ctx, params }) => listPins(ctx, params.id)),
  route(inbox.addPin, ({ ctx, params, body }) => addPin(ctx, params.id, body)),
];
