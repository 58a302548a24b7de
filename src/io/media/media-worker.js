// Hearth's media worker: turns an image the user attached into the one stored
// master, off the main thread (see src/io/media.rs, which starts it on the first
// attachment and talks to it).
//
// Request: {id, file: Blob, maxEdge, quality, photo} (photo: only JPEG is
//          tried: the source is a JPEG, or a copy is derived to fit a
//          provider's limit; transparent pixels turn white).
// Answer:  {id, ok: true, blob, mime, width, height, hash} or {id, ok: false, error}
//          where error is "undecodable" (the browser cannot read the image, e.g.
//          HEIC outside Safari) or "failed" (anything else, with detail).
//
// The master: the image as the browser shows it (EXIF orientation applied), its
// long edge at most maxEdge, re-encoded, so no EXIF, GPS or other metadata is
// kept. JPEG at `quality`; PNG instead when the image has transparency (JPEG
// has none) or when the PNG is smaller (screenshots, drawings). `hash` is the
// lowercase hex SHA-256 of the master's bytes: the blob store's key.
'use strict';

async function sha256Hex(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

function hasTransparency(context, width, height) {
  const rows = 64;
  for (let y = 0; y < height; y += rows) {
    const data = context.getImageData(0, y, width, Math.min(rows, height - y)).data;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] !== 255) return true;
    }
  }
  return false;
}

async function encode(file, maxEdge, quality, photo) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (error) {
    return { ok: false, error: 'undecodable', detail: String(error && error.message || error) };
  }
  const scale = Math.min(1, maxEdge / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  // A JPEG has no transparency: what is transparent turns white, not black.
  if (photo) {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
  }
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  let blob;
  if (photo) {
    blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
  } else {
    blob = await canvas.convertToBlob({ type: 'image/png' });
    if (!hasTransparency(context, width, height)) {
      const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (jpeg.size < blob.size) blob = jpeg;
    }
  }
  const hash = await sha256Hex(await blob.arrayBuffer());
  return { ok: true, blob, mime: blob.type, width, height, hash };
}

self.onmessage = async (event) => {
  const { id, file, maxEdge, quality, photo } = event.data || {};
  let answer;
  try {
    answer = await encode(file, maxEdge, quality, photo);
  } catch (error) {
    answer = { ok: false, error: 'failed', detail: String(error && error.message || error) };
  }
  self.postMessage({ id, ...answer });
};
