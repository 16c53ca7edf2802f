// The line-wrapping rule the renderer draws by and capture chooses a measure by: one copy (the
// server's is `Wrapping`, in Swift).

/** The lines a text of `measure` wraps into at `width`, as the server and the renderer wrap it. */
export const wrapped = (measure, width, most) => Math.min(most, Math.max(1, Math.ceil(measure / width - 1e-6)));
