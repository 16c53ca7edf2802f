// Runs the typescript-fetch client openapi-generator-cli generated (copied to ./client by
// Tests/Generators/run-decoders.sh), compiled by tsc and run by node (which has a global fetch):
// - live, against BASE_URL: a layout, its frames, a load followed by its session to completion,
//   and an unknown screen's 404 problem, through the client's operations;
// - corpus, CORPUS_DIR/manifest.json (Tests/Generators/corpus.py): each document through the
//   client's <schema>FromJSON then <schema>ToJSON equals the original as JSON (a schema the
//   generator made no model for, such as a free-form object, the client hands over as parsed);
// - forward, CORPUS_DIR/forward (Tests/Generators/forward.py: unknown members and unknown values
//   of open enumerations added): the same, once the unknown member "zzFutureMember" is removed
//   from both sides.
// Prints every failure (the corpus's with the first differing JSON pointer); exits 1 on any.
//   node out/consumer.js BASE_URL CORPUS_DIR
import * as client from './client';
import { Configuration, LayoutsApi, LoadingApi, ProblemFromJSON, ResponseError } from './client';

// Node's own names, declared here since Debian has no @types/node.
declare const process: { argv: string[]; exit(code: number): never };
declare function require(name: 'fs'): { readFileSync(path: string, encoding: 'utf8'): string };
const { readFileSync } = require('fs');

const [base, corpus] = process.argv.slice(2);
if (!base || !corpus) {
    console.error('usage: node consumer.js BASE_URL CORPUS_DIR');
    process.exit(2);
}
const configuration = new Configuration({ basePath: base });
const layouts = new LayoutsApi(configuration);
const loading = new LoadingApi(configuration);
let failures = 0;

function fail(what: string): void {
    console.log(`typescript-fetch: FAIL ${what}`);
    failures++;
}

function expect(condition: boolean, what: string): asserts condition {
    if (!condition) {
        throw new Error(what);
    }
}

async function layoutHome(): Promise<void> {
    const layout = await layouts.getLayout({ screen: 'home' });
    expect(layout.screen === 'home', `getLayout(home) decoded as screen ${JSON.stringify(layout.screen)}, expected "home"`);
    expect(layout.formatVersion === 2, `getLayout(home) has formatVersion ${layout.formatVersion}, expected 2`);
    expect(Array.isArray(layout.elements) && layout.elements.length > 0, 'getLayout(home) decoded with no elements');
    console.log(`typescript-fetch: getLayout(home): formatVersion ${layout.formatVersion}, ${layout.elements.length} elements, variant ${layout.variant}`);
}

async function frames(): Promise<void> {
    const typed = await layouts.getFrames({ screen: 'home', width: 390 });
    const raw = await fetch(`${base}/layouts/home/frames?width=390`);
    expect(raw.status === 200, `raw GET /layouts/home/frames?width=390 answered ${raw.status}`);
    const rawFrames = (await raw.json()).frames as unknown[];
    expect(typed.screen === 'home' && typed.width === 390, `frames decoded as screen ${typed.screen} at width ${typed.width}, expected home at 390`);
    expect(typed.frames.length > 0, 'frames decoded with no frames');
    expect(typed.frames.length === rawFrames.length, `the client decoded ${typed.frames.length} frames, a raw fetch of the same URL has ${rawFrames.length}`);
    console.log(`typescript-fetch: getFrames(home, 390): ${typed.frames.length} frames (raw fetch: ${rawFrames.length}), content height ${typed.contentHeight}`);
}

async function loadingState(): Promise<void> {
    let state = await loading.startLoad({ screen: 'home', scenario: 'instant', seed: 1 });
    expect(state.formatVersion === 2, `loading state has formatVersion ${state.formatVersion}, expected 2`);
    expect(state.screen === 'home' && String(state.scenario) === 'instant' && state.seed === 1,
        `loading state decoded as screen ${state.screen}, scenario ${state.scenario}, seed ${state.seed}; expected home, instant, 1`);
    expect(typeof state.session === 'string' && state.session.length > 0, `a started load has session ${JSON.stringify(state.session)}`);
    expect(typeof state.complete === 'boolean' && typeof state.elapsedMs === 'number', 'loading state without a boolean complete and a numeric elapsedMs');
    expect(state.elements.length > 0 && state.stages.length > 0, 'loading state with no elements or no stages');
    const session = state.session;
    const started = state.elements.length;
    for (let poll = 0; !state.complete && poll < 50; poll++) {
        state = await loading.getSessionState({ session, wait: 2000 });
    }
    expect(state.complete, 'the instant load was not complete after 50 long polls');
    const notReady = state.elements.filter((element) => String(element.status) !== 'ready');
    expect(notReady.length === 0, `after the instant load: ${notReady.map((element) => `${element.id} ${element.status}`).join(', ')}; expected all ready`);
    console.log(`typescript-fetch: startLoad(home, instant, 1): ${started} elements loading, followed by session to complete at ${state.elapsedMs} ms with all ready`);
}

async function unknownScreen(): Promise<void> {
    let caught: unknown;
    try {
        await layouts.getLayout({ screen: 'nowhere' });
    } catch (error) {
        caught = error;
    }
    expect(caught instanceof ResponseError, `getLayout(nowhere) gave ${caught === undefined ? 'no error' : String(caught)}, expected a ResponseError`);
    const response = caught.response;
    expect(response.status === 404, `getLayout(nowhere) surfaced status ${response.status}, expected 404`);
    const type = response.headers.get('content-type') ?? '';
    expect(type.startsWith('application/problem+json'), `getLayout(nowhere) has Content-Type ${type}, expected application/problem+json`);
    const problem = ProblemFromJSON(await response.json());
    expect(problem.status === 404, `the problem's status is ${problem.status}, expected 404`);
    console.log(`typescript-fetch: getLayout(nowhere): ResponseError with status ${response.status}, problem "${problem.detail}"`);
}

// MARK: corpus

interface Entry {
    file: string;
    operationId: string;
    path: string;
    status: number;
    schema?: string | null;
    event?: string;
}

type Codec = (json: unknown) => unknown;
const codecs = client as unknown as Record<string, Codec | undefined>;

function short(value: unknown): string {
    const text = value === undefined ? 'absent' : JSON.stringify(value);
    return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}

// The first JSON pointer at which two parsed JSON values differ, with both values there.
function firstDifference(a: unknown, b: unknown, path = ''): [string, unknown, unknown] | undefined {
    const kind = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
    if (kind(a) !== kind(b)) {
        return [path, a, b];
    }
    if (Array.isArray(a) && Array.isArray(b)) {
        for (let index = 0; index < Math.max(a.length, b.length); index++) {
            const difference = firstDifference(a[index], b[index], `${path}/${index}`);
            if (difference) return difference;
        }
        return undefined;
    }
    if (kind(a) === 'object') {
        const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
        for (const key of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
            const difference = firstDifference(x[key], y[key], `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
            if (difference) return difference;
        }
        return undefined;
    }
    return a === b ? undefined : [path, a, b];
}

const unknownMember = 'zzFutureMember';

function withoutUnknownMembers(value: unknown): unknown {
    if (Array.isArray(value)) {
        return value.map(withoutUnknownMembers);
    }
    if (value !== null && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value).filter(([key]) => key !== unknownMember)
            .map(([key, item]) => [key, withoutUnknownMembers(item)]));
    }
    return value;
}

const unmodelled = new Set<string>();

// Decodes and re-encodes every document of DIRECTORY/manifest.json: "N/M", N of M came back equal.
// forward: unknown members are removed from both sides before comparing.
function decodeCorpus(directory: string, forward: boolean): string {
    const entries = JSON.parse(readFileSync(`${directory}/manifest.json`, 'utf8')) as Entry[];
    let equal = 0;
    for (const entry of entries) {
        const label = `${forward ? 'forward ' : ''}${entry.file} (${entry.operationId} ${entry.status} ${entry.path}${entry.event ? ` event ${entry.event}` : ''})`;
        if (!entry.schema) {
            fail(`${label}: the description names no component schema for this response`);
            continue;
        }
        const name = [entry.schema, `Model${entry.schema}`].find((candidate) => codecs[`${candidate}FromJSON`] && codecs[`${candidate}ToJSON`]);
        if (!name && !unmodelled.has(entry.schema)) {
            unmodelled.add(entry.schema);
            console.log(`typescript-fetch: ${entry.schema} has no model (a free-form schema): the client hands it over as parsed JSON`);
        }
        try {
            const original: unknown = JSON.parse(readFileSync(`${directory}/${entry.file}`, 'utf8'));
            const decoded = name ? codecs[`${name}ToJSON`]!(codecs[`${name}FromJSON`]!(original)) : original;
            const written: unknown = JSON.parse(JSON.stringify(decoded) ?? 'null');
            const difference = forward
                ? firstDifference(withoutUnknownMembers(original), withoutUnknownMembers(written))
                : firstDifference(original, written);
            if (difference) {
                const [at, was, now] = difference;
                fail(`${entry.schema} ${label}: ${at || '/'} was ${short(was)}, re-encoded ${short(now)}`);
            } else {
                equal++;
            }
        } catch (error) {
            fail(`${entry.schema} ${label}: ${error instanceof Error ? error.message : String(error)}`);
        }
    }
    return `${equal}/${entries.length}`;
}

async function main(): Promise<void> {
    for (const check of [layoutHome, frames, loadingState, unknownScreen]) {
        try {
            await check();
        } catch (error) {
            fail(error instanceof Error ? error.message : String(error));
        }
    }
    const lossless = decodeCorpus(corpus, false);
    console.log(`typescript-fetch: decoded ${lossless} losslessly; forward: ${decodeCorpus(`${corpus}/forward`, true)}`);
    process.exit(failures === 0 ? 0 : 1);
}

main();
