// The renderer's module with its private functions exported, for the unit tests: its source as
// served, an export statement appended, imported from a data: URL. The globals it touches when
// it loads (a custom element's base class, CSS.supports for linear()) are stood in for here.
import { readFile } from 'node:fs/promises';

const source = await readFile(new URL('../../Sources/SkeletonAPI/Web/renderer.js', import.meta.url), 'utf8');
const privates = ['parseColor', 'springCurve', 'sweepGeometry', 'shimmerImage', 'place'];

globalThis.HTMLElement ??= class {};
globalThis.CSS ??= { supports: (property, value) => property === 'animation-timing-function' && value.startsWith('linear(') };

const exported = `${source}\nexport { ${privates.join(', ')} };\n`;
export const renderer = await import(`data:text/javascript;base64,${Buffer.from(exported).toString('base64')}`);
