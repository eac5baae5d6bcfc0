import { io as connect, type Socket } from "socket.io-client";
import { ROOM_JOIN, type RoomAnswer, type RoomRequest } from "@atelier/contracts";

/**
 * Real socket.io clients of a started API for a test file: `open` resolves once connected (or
 * rejects with the server's refusal), `closeAll` closes every one opened so far. `url` is read at
 * each open because the API starts in the file's beforeAll.
 */
export function socketClients(url: () => string) {
  const sockets: Socket[] = [];
  return {
    open(token: string | undefined): Promise<Socket> {
      const socket = connect(url(), { auth: token === undefined ? {} : { token }, transports: ["websocket"], reconnection: false, forceNew: true });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once("connect", () => resolve(socket));
        socket.once("connect_error", (err: Error & { data?: unknown }) => reject(err));
      });
    },
    closeAll(): void {
      for (const s of sockets.splice(0)) s.close();
    },
  };
}

/** Asks to join a room and waits for the server's answer (at most 5 s). */
export function joinRoom(socket: Socket, room: RoomRequest): Promise<RoomAnswer> {
  return socket.timeout(5000).emitWithAck(ROOM_JOIN, room) as Promise<RoomAnswer>;
}
