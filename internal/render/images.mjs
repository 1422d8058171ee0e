// The image worker: sharp (libvips) in a long-lived node process, driven
// by internal/images through the same JSON-lines protocol as the SSR
// workers (pool.go). It is a plain file, not part of the server bundle:
// sharp is a native module that esbuild cannot bundle, so node resolves it
// from the repository's node_modules.
import { createInterface } from "node:readline";
import { mkdir } from "node:fs/promises";
import sharp from "sharp";

// One image at a time per worker: libvips already uses every core for it.
sharp.cache(false);

const reply = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

// make reads one original, applies its EXIF orientation, and writes every
// requested variant into req.dir. Metadata (EXIF, GPS, XMP, ICC) is not
// copied: sharp strips it unless told to keep it.
async function make(req) {
  const input = sharp(req.path, { autoOrient: true, failOn: "error", limitInputPixels: 100e6 });
  const meta = await input.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  // Every width below the original's, and the original's own when it is
  // smaller than the largest: never upscaled.
  const widths = req.widths.filter((w) => w < width);
  if (width <= req.widths[req.widths.length - 1] && !widths.includes(width)) widths.push(width);
  if (widths.length === 0) widths.push(req.widths[req.widths.length - 1]);
  // Decode once; every variant resizes the decoded pixels.
  const { data, info } = await input.raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  await mkdir(req.dir, { recursive: true });
  const jobs = [];
  for (const w of widths) {
    const sized = pixels().resize({ width: w, withoutEnlargement: true });
    jobs.push(sized.clone().avif(req.avif).toFile(`${req.dir}/${w}.avif`));
    jobs.push(sized.clone().webp(req.webp).toFile(`${req.dir}/${w}.webp`));
    jobs.push(sized.clone().flatten({ background: "#ffffff" }).jpeg(req.jpeg).toFile(`${req.dir}/${w}.jpg`));
  }
  jobs.push(
    pixels()
      .resize({ width: req.og.width, height: req.og.height, fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .jpeg(req.jpeg)
      .toFile(`${req.dir}/og.jpg`),
  );
  // No placeholder under a transparent image: it would show through.
  const tiny = meta.hasAlpha ? null : await pixels().resize({ width: req.placeholder }).blur(1).webp({ quality: 40 }).toBuffer();
  await Promise.all(jobs);
  const placeholder = tiny ? "data:image/webp;base64," + tiny.toString("base64") : "";
  return { width, height, widths, format: meta.format, placeholder };
}

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    continue;
  }
  if (msg.init !== undefined) {
    reply({ id: msg.id, ok: true });
    continue;
  }
  try {
    reply({ id: msg.id, ...(await make(msg.image)) });
  } catch (err) {
    // libvips repeats its warnings: the first line says what is wrong.
    reply({ id: msg.id, error: String(err?.message ?? err).split("\n")[0] });
  }
}
