import zlib from "node:zlib";
import { createRaster, ImageDecodeError, MAX_PIXELS, type Raster } from "./raster";

// A PNG decoder and encoder on node:zlib: no image package is installed, and PNG is what
// screenshots, exports and our own rendered item images are. Non-interlaced images of every
// colour type and bit depth 1–16 are read; Adam7-interlaced files are refused.

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > 8 && bytes.subarray(0, 8).equals(SIGNATURE);
}

type Header = { width: number; height: number; bitDepth: number; colorType: number; interlace: number };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Decodes a PNG file into RGBA pixels. */
export function decodePng(bytes: Buffer): Raster {
  if (!isPng(bytes)) throw new ImageDecodeError("is not a PNG file");
  let header: Header | null = null;
  let palette: Buffer | null = null;
  let transparency: Buffer | null = null;
  const idat: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) throw new ImageDecodeError("is a truncated PNG file");
    if (type === "IHDR") header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colorType: data[9]!, interlace: data[12]! };
    else if (type === "PLTE") palette = data;
    else if (type === "tRNS") transparency = data;
    else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (!header) throw new ImageDecodeError("is a PNG without a header");
  const { width, height, bitDepth, colorType, interlace } = header;
  const channels = CHANNELS[colorType];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) throw new ImageDecodeError("is a PNG of an unknown colour type");
  if (interlace !== 0) throw new ImageDecodeError("is an interlaced PNG, which is not supported: save it without interlacing");
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) throw new ImageDecodeError(`must be at most ${MAX_PIXELS} pixels`);
  if (colorType === 3 && !palette) throw new ImageDecodeError("is a palette PNG without a palette");
  let inflated: Buffer;
  try {
    inflated = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: 512 * 1024 * 1024 });
  } catch {
    throw new ImageDecodeError("is a PNG whose pixel data cannot be inflated");
  }
  const bitsPerPixel = channels * bitDepth;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  const bpp = Math.max(1, bitsPerPixel >> 3);
  if (inflated.length < (stride + 1) * height) throw new ImageDecodeError("is a truncated PNG file");
  const raster = createRaster(width, height);
  let previous: Buffer = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const start = y * (stride + 1);
    const row = unfilter(inflated[start]!, Buffer.from(inflated.subarray(start + 1, start + 1 + stride)), previous, bpp);
    writeRow(raster, y, row, header, palette, transparency);
    previous = row;
  }
  return raster;
}

function unfilter(filter: number, row: Buffer, prev: Buffer, bpp: number): Buffer {
  for (let i = 0; i < row.length; i++) {
    const left = i >= bpp ? row[i - bpp]! : 0;
    const up = prev[i]!;
    const upLeft = i >= bpp ? prev[i - bpp]! : 0;
    switch (filter) {
      case 0:
        break;
      case 1:
        row[i] = (row[i]! + left) & 255;
        break;
      case 2:
        row[i] = (row[i]! + up) & 255;
        break;
      case 3:
        row[i] = (row[i]! + ((left + up) >> 1)) & 255;
        break;
      case 4:
        row[i] = (row[i]! + paeth(left, up, upLeft)) & 255;
        break;
      default:
        throw new ImageDecodeError("is a PNG with an unknown row filter");
    }
  }
  return row;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Sample n of a row, scaled to 0–255 whatever the bit depth. */
function sample(row: Buffer, n: number, bitDepth: number): number {
  if (bitDepth === 8) return row[n]!;
  if (bitDepth === 16) return row[n * 2]!;
  const perByte = 8 / bitDepth;
  const byte = row[Math.floor(n / perByte)]!;
  const shift = 8 - bitDepth * ((n % perByte) + 1);
  const value = (byte >> shift) & ((1 << bitDepth) - 1);
  return Math.round((value * 255) / ((1 << bitDepth) - 1));
}

function rawIndex(row: Buffer, n: number, bitDepth: number): number {
  if (bitDepth === 8) return row[n]!;
  const perByte = 8 / bitDepth;
  const byte = row[Math.floor(n / perByte)]!;
  return (byte >> (8 - bitDepth * ((n % perByte) + 1))) & ((1 << bitDepth) - 1);
}

function writeRow(raster: Raster, y: number, row: Buffer, h: Header, palette: Buffer | null, trns: Buffer | null): void {
  const out = raster.data;
  const channels = CHANNELS[h.colorType]!;
  for (let x = 0; x < h.width; x++) {
    const o = (y * h.width + x) * 4;
    if (h.colorType === 3) {
      const index = rawIndex(row, x, h.bitDepth);
      out[o] = palette![index * 3] ?? 0;
      out[o + 1] = palette![index * 3 + 1] ?? 0;
      out[o + 2] = palette![index * 3 + 2] ?? 0;
      out[o + 3] = trns && index < trns.length ? trns[index]! : 255;
      continue;
    }
    // Samples read inline, not through a per-pixel closure (see describeImage).
    const at = x * channels;
    if (h.colorType === 0 || h.colorType === 4) {
      const g = sample(row, at, h.bitDepth);
      out[o] = out[o + 1] = out[o + 2] = g;
      out[o + 3] = h.colorType === 4 ? sample(row, at + 1, h.bitDepth) : 255;
    } else {
      out[o] = sample(row, at, h.bitDepth);
      out[o + 1] = sample(row, at + 1, h.bitDepth);
      out[o + 2] = sample(row, at + 2, h.bitDepth);
      out[o + 3] = h.colorType === 6 ? sample(row, at + 3, h.bitDepth) : 255;
    }
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGBA pixels as an 8-bit RGBA PNG (no filtering: small images only). */
export function encodePng(raster: Raster): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(raster.width, 0);
  ihdr.writeUInt32BE(raster.height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const stride = raster.width * 4;
  const raw = Buffer.alloc((stride + 1) * raster.height);
  for (let y = 0; y < raster.height; y++) Buffer.from(raster.data.buffer, raster.data.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  return Buffer.concat([SIGNATURE, chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}
