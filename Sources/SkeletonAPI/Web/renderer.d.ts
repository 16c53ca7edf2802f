// TypeScript declarations of the skeleton-server web renderer (GET /renderer.d.ts, beside
// GET /renderer.js): every export, option, method, property and event of docs/web.md, so that
// `tsc --strict` checks a page's use of it. Tests/Renderer/types-example.ts uses every member.
// They use nothing beyond tsc's default library for any target (ES5 and the DOM), so that no
// `lib` setting is needed. To type an import of the module by its URL, map the URL to this file
// (a saved copy) in tsconfig.json (Tests/Renderer/tsconfig.json does so):
//
//   "paths": { "https://skeletons.example/renderer.js": ["./types/renderer.d.ts"] }
//
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

/** `skeleton-layout-timeout`: the layout did not arrive within `timeoutMs` (its fetch aborted); the page's content shows. */
export interface SkeletonLayoutTimeoutDetail {
  src: string;
  timeoutMs: number;
}

/** A skeleton shape (`skeleton`) and a content shape (`content`) matched with their IoU; null and 0 for a shape matched with none. */
export interface DriftShape {
  skeleton: number | null;
  content: number | null;
  iou: number;
}

/** `skeleton-drift` (and `measureDrift`'s items): how true a revealed element's skeleton is to its content (the fidelity score, 0 to 1). */
export interface SkeletonDriftDetail {
  screen: string;
  version: string;
  element: string;
  width: number;
  score: number;
  skeletonHeight: number;
  contentHeight: number;
  shapes: DriftShape[];
}

/** A rectangle in CSS px, from its element's top-left corner. */
export interface DriftRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The renderer's events, by type: all bubble and are composed. */
export interface SkeletonEventMap {
  'skeleton-render': CustomEvent<SkeletonRenderDetail>;
  'skeleton-session': CustomEvent<SkeletonSessionDetail>;
  'skeleton-state': CustomEvent<SkeletonStateDetail>;
  'skeleton-retry': CustomEvent<SkeletonRetryDetail>;
  'skeleton-complete': CustomEvent<SkeletonCompleteDetail>;
  'skeleton-layout-timeout': CustomEvent<SkeletonLayoutTimeoutDetail>;
  'skeleton-drift': CustomEvent<SkeletonDriftDetail>;
}

/**
 * Every text the renderer shows or announces: `{label}` is the element's `accessibilityLabel` as
 * a subject ("Loading accounts": "Accounts"), `{ms}` a time, `{message}` why a layout could not be loaded.
 */
export interface SkeletonStrings {
  /** Announced at a reveal: `'{label} loaded'`. */
  loaded: string;
  /** Announced at a failure: `'{label} failed to load'`. */
  failed: string;
  /** The error state's title: `'{label} could not be loaded'`. */
  errorTitle: string;
  /** The error state's message when the error has none: `'The load failed.'`. */
  errorMessage: string;
  /** The Retry button: `'Retry'`. */
  retry: string;
  /** The message of an element's `timeout`: `'Not loaded within {ms} ms.'`. */
  timeout: string;
  /** The message of `unreachable`: `'The loading service could not be reached.'`. */
  unreachable: string;
  /** A layout that could not be loaded: `'The skeleton could not be loaded: {message}'`. */
  problem: string;
  /** The `{message}` of a layout that did not arrive in time: `'it did not arrive within {ms} ms'`. */
  layoutTimeout: string;
}

/** One element of a layout, as the renderer read it. */
export interface SkeletonLayoutElement {
  readonly id: string;
  readonly label: string;
  readonly hasContent: boolean;
  readonly content: unknown;
}

/** The layout's elements by id: a `Map` at run time, declared with what ES5's library can say. */
export interface SkeletonElements {
  readonly size: number;
  get(id: string): SkeletonLayoutElement | undefined;
  has(id: string): boolean;
  forEach(callback: (element: SkeletonLayoutElement, id: string) => void): void;
}

/** A layout document as the renderer uses it: validated, repeats expanded, bounded. */
export interface SkeletonLayout {
  readonly screen: string;
  /** The document's `version` (a hash of its content). */
  readonly version: string;
  readonly title: string;
  readonly theme: 'light' | 'dark';
  readonly motion: 'full' | 'reduced';
  readonly direction: 'ltr' | 'rtl';
  readonly elements: SkeletonElements;
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
  /** Texts to show and announce instead of the renderer's. */
  strings?: Partial<SkeletonStrings>;
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
export declare function loadLayout(url: string | URL, options?: { signal?: AbortSignal }): Promise<LoadedLayout>;

/** `<skeleton-screen>`: a whole screen, or the controller of `<skeleton-element>`s in place. */
export declare class SkeletonScreenElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** The current controller, or null before the layout has loaded. */
  readonly controller: SkeletonController | null;
  /** The texts it shows and announces; set some of them to replace those. */
  get strings(): SkeletonStrings;
  set strings(value: Partial<SkeletonStrings>);
  reveal(id: string): void;
  fail(id: string, error?: Partial<SkeletonError>): void;
  retry(id?: string): void;
  addEventListener<K extends keyof SkeletonEventMap>(type: K, listener: (this: SkeletonScreenElement, event: SkeletonEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

/** `<skeleton-element name="ID">`: the page's own content for element ID of its controller. */
export declare class SkeletonElementElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Declarative: true shows the element's skeleton, false reveals it (the attribute `loading`, `"false"` false). */
  loading: boolean;
  /** Declarative: fails the element (a string is its message); null, or '' (as Preact writes null), clears it. */
  get error(): SkeletonError | null;
  set error(value: Partial<SkeletonError> | string | null);
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

/**
 * What the `/capture` bookmarklet runs: the element clicked on is captured (`captureScreen`) and
 * its file downloaded as `ID.json`; resolves with the file, or null when Escape cancels.
 */
export declare function pickAndCapture(options?: CaptureOptions): Promise<Record<string, unknown> | null>;

/** `<skeleton-element>`'s attributes as a framework writes them (JSX `IntrinsicElements`). */
export interface SkeletonElementAttributes {
  name: string;
  loading?: boolean | 'true' | 'false' | '';
  error?: string | null;
  at?: string | number;
  id?: string;
  class?: string;
  className?: string;
  slot?: string;
  style?: unknown;
  children?: unknown;
  key?: string | number;
  ref?: unknown;
}

/** `<skeleton-screen>`'s attributes as a framework writes them (JSX `IntrinsicElements`). */
export interface SkeletonScreenAttributes {
  src?: string;
  theme?: 'light' | 'dark';
  motion?: 'full' | 'reduced';
  direction?: 'ltr' | 'rtl';
  variant?: string;
  session?: string;
  scenario?: string;
  seed?: string | number;
  speed?: string | number;
  transport?: 'auto' | 'sse' | 'poll';
  mode?: 'manual';
  'timeout-ms'?: string | number;
  at?: string | number;
  id?: string;
  class?: string;
  className?: string;
  style?: unknown;
  children?: unknown;
  key?: string | number;
  ref?: unknown;
}

/** The two elements for a framework's `JSX.IntrinsicElements` (see docs/web.md for React 19, Preact and Vue). */
export interface SkeletonIntrinsicElements {
  'skeleton-screen': SkeletonScreenAttributes;
  'skeleton-element': SkeletonElementAttributes;
}

/** The drift of every `<skeleton-element>` under `root` whose skeleton was drawn and whose reveal has ended, in document order. */
export declare function measureDrift(root?: ParentNode): SkeletonDriftDetail[];

/** The fidelity score of skeleton shapes against content shapes and heights, and the shapes matched (docs/spec.md). */
export declare function driftScore(skeleton: DriftRect[], content: DriftRect[], skeletonHeight: number, contentHeight: number): { score: number; shapes: DriftShape[] };

declare global {
  /** React 18's (and any classic runtime's) global JSX namespace. */
  namespace JSX {
    interface IntrinsicElements extends SkeletonIntrinsicElements {}
  }
  interface HTMLElementTagNameMap {
    'skeleton-screen': SkeletonScreenElement;
    'skeleton-element': SkeletonElementElement;
  }
  interface HTMLElementEventMap extends SkeletonEventMap {}
}
