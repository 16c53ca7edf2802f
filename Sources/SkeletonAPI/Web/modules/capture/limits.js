// Capture's limits (the server's ScreenFileLimits), the ids it accepts, sizes as written, and the error naming a limit.

/** ScreenFileLimits, as the server checks them. */
export const CAPTURE_LIMITS = { maxExpandedNodes: 10000, maxNodeDepth: 32, maxChildren: 256, maxRepeat: 100, maxElements: 256, maxStages: 64, maxLines: 100, maxSize: 10000 };
export const MEDIA = new Set(['IMG', 'PICTURE', 'VIDEO', 'CANVAS', 'SVG', 'IFRAME', 'OBJECT', 'EMBED', 'INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'PROGRESS', 'METER', 'AUDIO']);
export const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'LINK', 'META', 'HEAD', 'TITLE', 'BR', 'WBR']);
export const ID = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,63}$/;
export const SCREEN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const round = (value) => Math.round(value * 100) / 100;
export const size = (value) => Math.min(CAPTURE_LIMITS.maxSize, Math.max(0, round(value)));

/** Why a page cannot be captured: `limit` names the ScreenFileLimits member, when one is passed. */
export class CaptureError extends Error {
  constructor(message, limit) {
    super(`captureScreen: ${message}`);
    this.name = 'CaptureError';
    this.limit = limit;
  }
}
