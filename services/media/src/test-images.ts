import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/**
 * Images made byte by byte for the upload tests: small files that declare enormous sizes
 * (decompression bombs), and real, highly compressed large ones.
 */

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A greyscale PNG of width × height. With `complete`, every row is there (all black, so it deflates
 * about a thousandfold); without, only the first row is, as in a bomb that never meant to be drawn.
 */
export function greyPng(width: number, height: number, complete = true): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * (complete ? height : 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A GIF whose logical screen is width × height, holding one 1×1 frame: 35 bytes. */
export function gifBomb(width: number, height: number): Buffer {
  const screen = Buffer.alloc(4);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([
    Buffer.from("GIF89a", "ascii"),
    screen,
    Buffer.from([0x80, 0, 0, 0, 0, 0, 255, 255, 255]), // global colour table of 2: black, white
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // a 1×1 image at 0,0
    Buffer.from([2, 2, 0x4c, 0x01, 0]), // its LZW data
    Buffer.from([0x3b]),
  ]);
}

function riffChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, "ascii");
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
}

const uint24 = (value: number) => Buffer.from([value & 255, (value >> 8) & 255, (value >> 16) & 255]);

/** An animated WebP whose canvas is width × height, holding one 1×1 frame: under 100 bytes. */
export async function webpBomb(width: number, height: number): Promise<Buffer> {
  const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
    .webp({ lossless: true })
    .toBuffer();
  const frame = pixel.subarray(12); // its VP8L chunk, after "RIFF", the size and "WEBP"
  const body = Buffer.concat([
    Buffer.from("WEBP", "ascii"),
    riffChunk("VP8X", Buffer.concat([Buffer.from([0x02, 0, 0, 0]), uint24(width - 1), uint24(height - 1)])),
    riffChunk("ANIM", Buffer.alloc(6)),
    riffChunk(
      "ANMF",
      Buffer.concat([uint24(0), uint24(0), uint24(0), uint24(0), uint24(100), Buffer.from([0]), frame]),
    ),
  ]);
  const header = Buffer.alloc(8);
  header.write("RIFF", "ascii");
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}
