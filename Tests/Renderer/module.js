// The renderer's module with its private functions exported, for the unit tests: its source as
// served, an export statement appended, imported from a data: URL. The globals it touches when
// it loads (a custom element's base class, CSS.supports for linear()) are stood in for here.
import { readFile } from 'node:fs/promises';

const source = await readFile(new URL('../../Sources/SkeletonAPI/Web/renderer.js', import.meta.url), 'utf8');
const privates = ['parseColor', 'springCurve', 'sweepGeometry', 'shimmerImage', 'place', 'wrap', 'findNode'];

globalThis.HTMLElement ??= class {};
globalThis.CSS ??= { supports: (property, value) => property === 'animation-timing-function' && value.startsWith('linear(') };

// The data: URL has no base for the renderer's relative imports of its capture and drift modules.
const capture = new URL('../../Sources/SkeletonAPI/Web/capture.js', import.meta.url).href;
const drift = new URL('../../Sources/SkeletonAPI/Web/drift.js', import.meta.url).href;
const exported = `${source.replaceAll("from './capture.js'", `from '${capture}'`).replaceAll("from './drift.js'", `from '${drift}'`)}\nexport { ${privates.join(', ')} };\n`;
export const renderer = await import(`data:text/javascript;base64,${Buffer.from(exported).toString('base64')}`);
