// TypeScript declarations of the skeleton-server web renderer (GET /renderer.d.ts, beside
// GET /renderer.js): every export, option, method, property and event of docs/web.md, so that
// `tsc --strict` checks a page's use of it. Tests/Renderer/types-example.ts uses every member.
//
//   // @deno-types="https://skeletons.example/renderer.d.ts"  (or a `declare module` path mapping)
//   import { renderSkeleton } from 'https://skeletons.example/renderer.js';

/** An element's error: what `fail` takes and what `skeleton-state` and `skeleton-retry` carry. */
export interface SkeletonError {
  code: string;
  message: string;
  retryable: boolean;
}

/** An element's loading state. */
export type SkeletonState = 'loading' | 'ready' | 'failed';

/** `skeleton-render`: the layout was fetched and drawn (`<skeleton-screen>` only). */
export interface SkeletonRenderDetail {
  screen: string;
  etag: string | null;
}

/** `skeleton-session`: the token of the session started. */
export interface SkeletonSessionDetail {
  session: string | null;
}

/** `skeleton-state`: an element changed state; `atMs` since drawing; `error` when `failed`. */
export interface SkeletonStateDetail {
  id: string;
  state: SkeletonState;
  atMs: number;
  error?: SkeletonError;
}

/** `skeleton-retry` (cancelable): an element's Retry; `preventDefault()` leaves its load to the app. */
export interface SkeletonRetryDetail {
  element: string;
  error: SkeletonError | null;
}

/** `skeleton-complete`: every element revealed or failed, and its transition ended. */
export interface SkeletonCompleteDetail {
  session: string | null;
}

/** The renderer's events, by type: all bubble and are composed. */
export interface SkeletonEventMap {
  'skeleton-render': CustomEvent<SkeletonRenderDetail>;
  'skeleton-session': CustomEvent<SkeletonSessionDetail>;
  'skeleton-state': CustomEvent<SkeletonStateDetail>;
  'skeleton-retry': CustomEvent<SkeletonRetryDetail>;
  'skeleton-complete': CustomEvent<SkeletonCompleteDetail>;
}

/** One element of a layout, as the renderer read it. */
export interface SkeletonLayoutElement {
  readonly id: string;
  readonly label: string;
  readonly hasContent: boolean;
  readonly content: unknown;
}

/** A layout document as the renderer uses it: validated, repeats expanded, bounded. */
export interface SkeletonLayout {
  readonly screen: string;
  readonly title: string;
  readonly theme: 'light' | 'dark';
  readonly motion: 'full' | 'reduced';
  readonly direction: 'ltr' | 'rtl';
  readonly elements: ReadonlyMap<string, SkeletonLayoutElement>;
  readonly minimumDisplayMs: number;
  readonly showDelayMs: number;
  /** `Infinity` when the document gives none. */
  readonly timeoutMs: number;
  readonly maxConcurrentShimmers: number;
}

/** What `renderSkeleton` takes besides the document and the container. */
export interface RenderOptions {
  /** The service's URL, for loading sessions; default this page's origin. */
  base?: string;
  /** A session token to follow (with `speed`, the speed it was started at). */
  session?: string;
  scenario?: string;
  seed?: number | string;
  speed?: number | string;
  /** The screen's variant, passed to the session started. */
  variant?: string;
  transport?: 'auto' | 'sse' | 'poll';
  motion?: 'full' | 'reduced';
  /** An element whose children with `slot="ID"` are the app's content for element ID. */
  host?: Element;
  /** Instead of the layout's `animation.timeoutMs`, in the session's time. */
  timeoutMs?: number;
}

/** What `renderSkeleton` returns. */
export interface SkeletonController {
  readonly root: Element;
  readonly layout: SkeletonLayout;
  /** The token of the session followed, or null. */
  readonly session: string | null;
  reveal(id: string): void;
  fail(id: string, error?: Partial<SkeletonError>): void;
  /** Retries failed element `id`; every failed element, each on its own, without it. */
  retry(id?: string): void;
  destroy(): void;
}

/** What `loadLayout` resolves to. */
export interface LoadedLayout {
  document: object;
  etag: string | null;
  revalidated: boolean;
}

export declare function readLayout(source: object): SkeletonLayout;
export declare function renderSkeleton(layoutDocument: object, container: Element, options?: RenderOptions): SkeletonController;
export declare function loadLayout(url: string | URL): Promise<LoadedLayout>;

/** `<skeleton-screen>`: a whole screen, or the controller of `<skeleton-element>`s in place. */
export declare class SkeletonScreenElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The current controller, or null before the layout has loaded. */
  readonly controller: SkeletonController | null;
  reveal(id: string): void;
  fail(id: string, error?: Partial<SkeletonError>): void;
  retry(id?: string): void;
  addEventListener<K extends keyof SkeletonEventMap>(type: K, listener: (this: SkeletonScreenElement, event: SkeletonEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** `<skeleton-element name="ID">`: the page's own content for element ID of its controller. */
export declare class SkeletonElementElement extends HTMLElement {
  static readonly observedAttributes: string[];
  reveal(): void;
  fail(error?: Partial<SkeletonError>): void;
  retry(): void;
  addEventListener<K extends keyof SkeletonEventMap>(type: K, listener: (this: SkeletonElementElement, event: SkeletonEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** `captureScreen`'s options. */
export interface CaptureOptions {
  id?: string;
  title?: string;
  source?: string;
  preset?: 'finance' | 'chat' | 'movies';
  stage?: string;
  schema?: string;
}

export declare const CAPTURE_LIMITS: {
  readonly maxExpandedNodes: number;
  readonly maxNodeDepth: number;
  readonly maxChildren: number;
  readonly maxRepeat: number;
  readonly maxElements: number;
  readonly maxStages: number;
  readonly maxLines: number;
  readonly maxSize: number;
};

/** A capture past one of `CAPTURE_LIMITS` (`limit` names it). */
export declare class CaptureError extends Error {
  constructor(message: string, limit?: string);
  readonly limit: string | undefined;
}

/** The screen file reproducing the page under `root`. */
export declare function captureScreen(root: Element, options?: CaptureOptions): Record<string, unknown>;

declare global {
  interface HTMLElementTagNameMap {
    'skeleton-screen': SkeletonScreenElement;
    'skeleton-element': SkeletonElementElement;
  }
  interface HTMLElementEventMap extends SkeletonEventMap {}
}
