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

/**
 * The room a paragraph's lines have at `width` beside a float (`side`, from `beside`, or null), as
 * the server's `Wrapping.Room`: `short` lines from the first slot `narrow` wide, the rest `width`;
 * or, where less than 1 point is left beside it, none beside it: the lines start below it, at
 * slot `first`. `of(line)`: line `line`'s width, counted from slot `first`.
 */
export function room(width, side) {
  const narrow = width - (side?.indent ?? 0);
  const short = narrow < 1 ? 0 : side?.lines ?? 0;
  return { narrow, short, first: narrow < 1 ? side?.lines ?? 0 : 0, of: (line) => (line < short ? narrow : width) };
}

/**
 * A paragraph's lines when its `words` (`{ widths, space }`, each word its pieces' widths: more
 * than one where a line may break inside it; a bare number one piece) break greedily at `width`, as the server's
 * `Wrapping.lines(words:)`: a line holds the words that fit (with the spaces between them at most
 * its width + 0.05; a word's pieces fit one by one, with no space between them), a word or piece
 * alone on a line always fits; lines beside the float (`side`,
 * from `beside`) are its indent shorter, and start below it where less than 1 point is left beside
 * it. The last line 1 wide when more than `most` lines were needed, else its words' width over its
 * own, in 0.05...1.
 */
export function broken(words, width, most, side) {
  if (!(width > 0)) return { lines: 1, lastLineFraction: 1, first: 0 };
  const { first, of } = room(width, side);
  let line = 0;
  let used = null;
  for (const word of words.widths) {
    for (const [index, piece] of (Array.isArray(word) ? word : [word]).entries()) {
      const gap = index === 0 ? words.space : 0;
      if (used === null) {
        used = piece;
      } else if (used + gap + piece <= of(line) + 0.05) {
        used += gap + piece;
      } else {
        line += 1;
        if (line === most) return { lines: most, lastLineFraction: 1, first };
        used = piece;
      }
    }
  }
  return { lines: line + 1, lastLineFraction: Math.min(1, Math.max(0.05, (used ?? 0) / of(line))), first };
}
