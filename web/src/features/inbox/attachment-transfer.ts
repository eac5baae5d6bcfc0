import { API_BASE_PATH } from "@atelier/contracts/client";
import { attachFile, CONVERSATION_ATTACHMENT_MAX_BYTES } from "@atelier/contracts/inbox/contracts";
import type { ResponseOf } from "@atelier/contracts/contract";

// Conversation files travel outside the typed JSON client: attaching is multipart, and a download
// needs the side's bearer token (an <img src> cannot send it), so the bytes come as a blob URL.

export type Attached = ResponseOf<typeof attachFile>;

async function failure(response: Response, fallback: string): Promise<Error> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return new Error(body.message ?? fallback);
}

/** Sends one file to the conversation as the token's side. */
export async function sendAttachment(token: string | null, sid: string, file: File): Promise<Attached> {
  if (file.size > CONVERSATION_ATTACHMENT_MAX_BYTES) throw new Error(`${file.name} is larger than 25 MB. Send a smaller file or a link to it.`);
  const form = new FormData();
  form.append("file", file, file.name);
  const response = await window.fetch(`${API_BASE_PATH}/web/conversations/${encodeURIComponent(sid)}/attachments`, { method: "POST", body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await failure(response, `${file.name} could not be sent. Try again.`);
  return attachFile.response.parse(await response.json());
}

const blobs = new Map<string, Promise<string>>();

/** A blob URL of a conversation file (kept for the page's life: the same picture is drawn many times). */
export function fileBlobUrl(token: string | null, url: string): Promise<string> {
  let blob = blobs.get(url);
  if (!blob) {
    blob = window.fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }).then(async (response) => {
      if (!response.ok) throw await failure(response, "This file could not be opened.");
      return URL.createObjectURL(await response.blob());
    });
    // A failure is not kept: the next look tries again.
    blob.catch(() => blobs.delete(url));
    blobs.set(url, blob);
  }
  return blob;
}
