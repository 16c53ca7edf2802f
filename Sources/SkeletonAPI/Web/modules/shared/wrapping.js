// The line-wrapping rule the renderer draws by and capture chooses a measure by: one copy (the
// server's is `Wrapping`, in Swift).

/** What a wrapped line leaves at its end at `width`: the paragraph's `slack`, at most half the width. */
export const slackAt = (slack, width) => Math.max(0, Math.min(slack, width / 2));

/** The lines a text of `measure` wraps into at `width` with `slack` and no float, as the server and the renderer wrap it. */
export const wrapped = (measure, width, most, slack = 0) => {
  const s = slackAt(slack, width);
  return Math.min(most, Math.max(1, Math.ceil((measure - s) / (width - s) - 1e-6)));
};

/**
 * The lines beside a paragraph's float (`{ width, height, trailing, bottom, top }`, or null), as
 * the server's `Wrapping.Beside`: those whose box's top (k times the line pitch) lies above the
 * float's bottom margin edge, and how much shorter they are.
 */
export function beside(float, lineHeight, lineSpacing) {
  if (!float) return null;
  const pitch = lineHeight + lineSpacing;
  const reach = float.top + float.height + float.bottom;
  const lines = reach <= 0 ? 0 : pitch <= 0 ? 1 : Math.max(0, Math.ceil(reach / pitch - 1e-6));
  return { lines, indent: float.width + float.trailing };
}
