// Runs the typescript-fetch client openapi-generator-cli generated (copied to ./client by
// scripts/generators) against the server at the URL given, compiled by tsc and run by node, which
// has a global fetch. Exits 1 with what differed on the first mismatch.
import {
    Configuration,
    ElementStateStatusEnum,
    KnownScreen,
    LayoutsApi,
    LoadingApi,
    ProblemFromJSON,
    ResponseError,
    Scenario,
} from './client';

// Node's own names, declared here since Debian has no @types/node.
declare const process: { argv: string[]; exit(code: number): never };

const base = process.argv[2];
if (!base) {
    console.error('usage: node consumer.js BASE_URL');
    process.exit(2);
}
const configuration = new Configuration({ basePath: base });
const layouts = new LayoutsApi(configuration);
const loading = new LoadingApi(configuration);

function expect(condition: boolean, what: string): asserts condition {
    if (!condition) {
        throw new Error(what);
    }
}

async function layoutHome(): Promise<void> {
    const layout = await layouts.getLayoutHome();
    expect(layout.screen === 'home', `/layouts/home decoded as screen ${JSON.stringify(layout.screen)}, expected "home"`);
    expect(layout.formatVersion === 1, `/layouts/home has formatVersion ${layout.formatVersion}, expected 1`);
    expect(Array.isArray(layout.elements) && layout.elements.length > 0, '/layouts/home decoded with no elements');
    console.log(`typescript-fetch: /layouts/home: screen ${layout.screen}, formatVersion ${layout.formatVersion}, ${layout.elements.length} elements, variant ${layout.variant}`);
}

async function frames(): Promise<void> {
    const typed = await layouts.getFrames({ screen: KnownScreen.Home, width: 390 });
    const raw = await fetch(`${base}/layouts/home/frames?width=390`);
    expect(raw.status === 200, `raw GET /layouts/home/frames?width=390 answered ${raw.status}`);
    const rawFrames = (await raw.json()).frames as unknown[];
    expect(typed.screen === 'home' && typed.width === 390, `frames decoded as screen ${typed.screen} at width ${typed.width}, expected home at 390`);
    expect(typed.frames.length > 0, 'frames decoded with no frames');
    expect(typed.frames.length === rawFrames.length, `the client decoded ${typed.frames.length} frames, a raw fetch of the same URL has ${rawFrames.length}`);
    console.log(`typescript-fetch: /layouts/home/frames?width=390: ${typed.frames.length} frames (raw fetch: ${rawFrames.length}), content height ${typed.contentHeight}`);
}

async function loadingState(): Promise<void> {
    let state = await loading.getLoadingState({ screen: KnownScreen.Home, scenario: Scenario.Instant, seed: 1 });
    expect(state.formatVersion === 1, `loading state has formatVersion ${state.formatVersion}, expected 1`);
    expect(state.screen === KnownScreen.Home && state.scenario === Scenario.Instant && state.seed === 1,
        `loading state decoded as screen ${state.screen}, scenario ${state.scenario}, seed ${state.seed}; expected home, instant, 1`);
    expect(typeof state.session === 'string' && state.session.length > 0, `a started load has session ${JSON.stringify(state.session)}`);
    expect(typeof state.complete === 'boolean' && typeof state.elapsedMs === 'number', 'loading state without a boolean complete and a numeric elapsedMs');
    expect(state.elements.length > 0 && state.stages.length > 0, 'loading state with no elements or no stages');
    const statuses = Object.values(ElementStateStatusEnum) as string[];
    for (const element of state.elements) {
        expect(statuses.includes(element.status), `element ${element.id} has status ${JSON.stringify(element.status)}, not one of ${statuses.join(', ')}`);
    }
    const session = state.session;
    const started = state.elements.length;
    for (let poll = 0; !state.complete && poll < 50; poll++) {
        state = await loading.getLoadingState({ session, wait: 2000 });
    }
    expect(state.complete, 'the instant load was not complete after 50 long polls');
    const notReady = state.elements.filter((element) => element.status !== ElementStateStatusEnum.Ready);
    expect(notReady.length === 0, `after the instant load: ${notReady.map((element) => `${element.id} ${element.status}`).join(', ')}; expected all ready`);
    console.log(`typescript-fetch: /loading-state?screen=home&scenario=instant&seed=1: ${started} elements loading, followed by session to complete at ${state.elapsedMs} ms with all ready`);
}

async function unknownScreen(): Promise<void> {
    let caught: unknown;
    try {
        // The type admits only known screens: an app with a stale list would send another.
        await layouts.getLayout({ screen: 'nowhere' as KnownScreen });
    } catch (error) {
        caught = error;
    }
    expect(caught instanceof ResponseError, `GET /layouts/nowhere through the client gave ${caught === undefined ? 'no error' : String(caught)}, expected a ResponseError`);
    const response = caught.response;
    expect(response.status === 404, `GET /layouts/nowhere surfaced status ${response.status}, expected 404`);
    const type = response.headers.get('content-type') ?? '';
    expect(type.startsWith('application/problem+json'), `GET /layouts/nowhere has Content-Type ${type}, expected application/problem+json`);
    const problem = ProblemFromJSON(await response.json());
    expect(problem.status === 404, `the problem's status is ${problem.status}, expected 404`);
    console.log(`typescript-fetch: /layouts/nowhere: ResponseError with status ${response.status}, problem "${problem.detail}"`);
}

async function main(): Promise<void> {
    await layoutHome();
    await frames();
    await loadingState();
    await unknownScreen();
    console.log('typescript-fetch: 4 checks passed');
}

main().catch((error: unknown) => {
    console.error(`typescript-fetch: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
});
