import type { RoomKind } from "@atelier/contracts";
import type { TokenClaims } from "../auth/tokens";
import type { AppDeps } from "../context";

/** Decides whether the holder of claims may join the room `kind:id` (true) or not. */
export type RoomAuthoriser = (deps: AppDeps, claims: TokenClaims, id: string) => Promise<boolean>;

// Store and user rooms are joined at the handshake from the token and need no authoriser; a kind
// without one (conversations, until the inbox registers its check) cannot be joined.
const authorisers = new Map<RoomKind, RoomAuthoriser>();

/** Registers the check for one kind of room (the inbox registers "conversation"), replacing any earlier one; returns its removal. */
export function registerRoomAuthoriser(kind: Exclude<RoomKind, "store" | "user">, check: RoomAuthoriser): () => void {
  authorisers.set(kind, check);
  return () => {
    if (authorisers.get(kind) === check) authorisers.delete(kind);
  };
}

/** The authoriser of a kind of room, if one is registered. */
export function roomAuthoriser(kind: RoomKind): RoomAuthoriser | undefined {
  return authorisers.get(kind);
}
