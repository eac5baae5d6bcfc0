import { decodeBitmap } from "./codec";
import { ImageDecodeError, type Raster } from "./raster";
import { looksLikeSvg, rasterizeSvg } from "./svg";
import { cardPictureOfUrl, itemImageSvg } from "./item-image";

/** Largest picture accepted, fetched or uploaded. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;
const PRIVATE_HOST = /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|::1?|f[cd][0-9a-f]{2}:.*|fe80:.*)$/;

/** Reads a picture: SVG (by its text) through resvg, every bitmap format through sharp. */
export async function decodeImage(bytes: Buffer): Promise<Raster> {
  if (bytes.length === 0) throw new ImageDecodeError("is empty");
  if (looksLikeSvg(bytes.subarray(0, 2000).toString("utf8"))) return rasterizeSvg(bytes.toString("utf8"));
  return decodeBitmap(bytes);
}

/** Bytes of a data: URL (base64 or percent-encoded). */
export function dataUrlBytes(url: string): Buffer {
  const m = /^data:([^,;]*)((?:;[^,;]*)*?)(;base64)?,(.*)$/s.exec(url);
  if (!m) throw new ImageDecodeError("is not a valid data URL");
  return m[3] ? Buffer.from(m[4]!, "base64") : Buffer.from(decodeURIComponent(m[4]!), "utf8");
}

/** Uploaded bytes: a data URL or bare base64. */
export function uploadedBytes(value: string): Buffer {
  const bytes = value.startsWith("data:") ? dataUrlBytes(value) : Buffer.from(value, "base64");
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageDecodeError(`must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  return bytes;
}

/** Fetches a picture by URL with a time-out and a size cap (data: URLs are read in place). */
export async function fetchImageBytes(url: string, fetchImpl: typeof fetch = fetch): Promise<Buffer> {
  if (url.startsWith("data:")) return uploadedBytes(url);
  // A card picture's link (from a search answer) is drawn here, whichever host it names: the API
  // may be behind a private address, which the fetch below refuses.
  const picture = cardPictureOfUrl(url);
  if (picture) return Buffer.from(itemImageSvg(picture));
  const target = url.startsWith("//") ? `https:${url}` : url;
  if (!/^https?:\/\//i.test(target)) throw new ImageDecodeError("must be an http or https address or a data URL");
  // The server fetches on the user's behalf: never into its own machine or private network.
  // (A name that resolves to a private address is not caught here; a proxy allow-list is the fix when that matters.)
  const host = new URL(target).hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (PRIVATE_HOST.test(host)) throw new ImageDecodeError("must be a public address");
  let res: Response;
  try {
    res = await fetchImpl(target, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  } catch {
    throw new ImageDecodeError("could not be downloaded (no answer within 5 seconds)");
  }
  if (!res.ok) throw new ImageDecodeError(`could not be downloaded (the server answered ${res.status})`);
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_IMAGE_BYTES) throw new ImageDecodeError(`must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const body = Buffer.from(await res.arrayBuffer());
  if (body.length > MAX_IMAGE_BYTES) throw new ImageDecodeError(`must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  return body;
}
