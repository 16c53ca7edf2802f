// The module-private keys the view, the public API and the two custom elements share.

/** The option (for `<skeleton-screen>` only) that draws no screen: its elements are drawn in place, over their wrappers. */
export const IN_PLACE = Symbol('in place');
/** The option (for `<skeleton-screen>` only) of each element's state, kept when the screen is drawn again in another theme or motion. */
export const CARRIED = Symbol('carried');
/** Each controller's view, for `<skeleton-screen>` to attach its wrappers to. */
export const views = new WeakMap();
/** How a `<skeleton-element>` joins and leaves its controller (module-private). */
export const ATTACH = Symbol('attach');
export const DETACH = Symbol('detach');
/** The option (for `<skeleton-screen>` only) of the frozen instant `at`, in ms. */
export const FROZEN = Symbol('frozen');
/** How a `<skeleton-element>` tells its controller what its `loading` and `error` declare. */
export const DECLARE = Symbol('declare');
