import type { RoomAuthoriser } from "../../realtime";
import { findConversation, type InboxViewer } from "../../queries/inbox/conversations";
import { can } from "../../auth/permissions";

/**
 * Who may join a conversation's room (`conversation:{sid}`): members of its store with inbox.use,
 * and members of its supplier. Anyone else is refused as if it did not exist.
 */
export const authoriseConversationRoom: RoomAuthoriser = async (deps, claims, sid) => {
  let viewer: InboxViewer;
  if (claims.type === "supplier") {
    if (!claims.supplierId) return false;
    viewer = { side: "SUPPLIER", supplierId: claims.supplierId, userId: claims.userId };
  } else {
    if (!can(claims.role, "inbox.use")) return false;
    viewer = { side: "STORE", storeId: claims.storeId, userId: claims.userId };
  }
  if (!/^CH[0-9a-f]{32}$/.test(sid)) return false;
  return (await findConversation(deps.pool, viewer, sid)) !== null;
};
