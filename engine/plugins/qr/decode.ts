/**
 * Reading a QR code from pixels in the browser (jsqr): a camera frame or a photo. No React.
 * Photos are scaled down first: a 12-megapixel picture takes jsqr seconds, and a code filling
 * part of a 1600-pixel image still has plenty of pixels per module.
 */
import jsQR from 'jsqr';

export const MAX_PHOTO_SIDE = 1600;

/** The text of the first QR code in the pixels, or null. */
export function decodePixels(data: Uint8ClampedArray, width: number, height: number, thorough = false): string | null {
  const found = jsQR(data, width, height, { inversionAttempts: thorough ? 'attemptBoth' : 'dontInvert' });
  return found?.data ? found.data : null;
}

/** Width and height that fit `max` on the longer side, keeping the proportions. */
export function fitSize(width: number, height: number, max = MAX_PHOTO_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Draws the source on a canvas of the given size and decodes it. */
export function decodeDrawable(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas: HTMLCanvasElement,
  thorough = false,
): string | null {
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  return decodePixels(image.data, width, height, thorough);
}

/** The QR code of an image file (a photo of the instructor's screen), or null. */
export async function decodeImageFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    const size = fitSize(bitmap.width, bitmap.height);
    const found = decodeDrawable(bitmap, size.width, size.height, canvas, true);
    if (found || Math.max(bitmap.width, bitmap.height) <= MAX_PHOTO_SIDE) return found;
    // A small code in a large photo: once more with twice the pixels.
    const larger = fitSize(bitmap.width, bitmap.height, MAX_PHOTO_SIDE * 2);
    return decodeDrawable(bitmap, larger.width, larger.height, canvas, true);
  } finally {
    bitmap.close();
  }
}
