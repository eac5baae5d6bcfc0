import type { Queryable } from "../../db/pool";
import { AppError } from "../../errors";
import { findRoom, recordJoin, roomJoins } from "../../queries/video-meetings/rooms";

// The built-in video-meeting provider's room: the page its join link opens. It says what the
// meeting is and when, lets a person come in under their name, and lists who came in. (Audio and
// video between the people in the room need a hosted provider behind the same interface.)

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const TOKEN = /^[0-9a-f]{32}$/;

async function room(db: Queryable, token: string) {
  const found = TOKEN.test(token) ? await findRoom(db, token) : null;
  if (!found) throw new AppError("NOT_FOUND", "This meeting room was not found");
  return found;
}

/** Records a person coming into the room under the name they typed. */
export async function joinRoom(db: Queryable, token: string, name: unknown): Promise<string> {
  await room(db, token);
  const displayName = typeof name === "string" ? name.trim().slice(0, 80) : "";
  if (!displayName) throw new AppError("VALIDATION_FAILED", "name must not be empty", [{ field: "name", reason: "must not be empty" }]);
  await recordJoin(db, token, displayName);
  return displayName;
}

export async function roomPageHtml(db: Queryable, token: string, joinedAs: string | null): Promise<string> {
  const r = await room(db, token);
  const people = await roomJoins(db, token);
  const ends = new Date(r.startsAt.getTime() + r.durationMinutes * 60_000);
  const now = Date.now();
  const state = now < r.startsAt.getTime() ? "The meeting has not started yet." : now < ends.getTime() ? "The meeting is on now." : "This meeting has ended.";
  const list = people.length ? `<ul>${people.map((p) => `<li>${esc(p.displayName)} <small>joined ${esc(p.joinedAt.toUTCString())}</small></li>`).join("")}</ul>` : "<p>Nobody has joined yet.</p>";
  const form = joinedAs
    ? `<p role="status">You are in the room as <strong>${esc(joinedAs)}</strong>.</p>`
    : `<form method="post" action="${esc(token)}/join"><label>Your name <input name="name" maxlength="80" required></label> <button type="submit">Join the meeting</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(r.topic)} · Meeting room</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2328}h1{font-size:1.5rem;margin:0 0 .25rem}small{color:#656d76}
form{margin:1rem 0;display:flex;gap:.5rem;flex-wrap:wrap;align-items:end}input{font:inherit;padding:.4rem .6rem;border:1px solid #d0d7de;border-radius:6px}
button{font:inherit;padding:.45rem .9rem;border:0;border-radius:6px;background:#1f6feb;color:#fff;cursor:pointer}.card{border:1px solid #d0d7de;border-radius:10px;padding:1rem 1.25rem}</style></head>
<body><main class="card"><h1>${esc(r.topic)}</h1>
<p>${esc(r.startsAt.toUTCString())} · ${r.durationMinutes} minutes${r.hostName ? ` · proposed by ${esc(r.hostName)}` : ""}</p>
<p>${state}</p>${form}<h2>In the room</h2>${list}
<p><small>Atelier's built-in meeting room. It shows who has joined; for audio and video, the platform can be set up with a hosted video provider.</small></p></main></body></html>`;
}
