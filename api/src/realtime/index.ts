// The realtime module: socket.io on the API server. Publish with `publish` (facts already
// committed) or `publishAfterCommit` (inside a transaction); events are declared in
// contracts/src/realtime.ts.
export { publish, publishAfterCommit } from "./publish";
export { realtimeJobEvents } from "./job-events";
export { registerRoomAuthoriser, type RoomAuthoriser } from "./authorisers";
export { startRealtime, type Realtime } from "./socket-server";
