// Unit tests of drift.js's fidelity score (node --test): the shared cases of
// Tests/Fixtures/drift-cases.json (worked out by hand; the Swift score is held to the same file),
// the score's bounds, and the report's body (sendBeacon stood in for).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

const { driftScore, intersectionOverUnion, reportDrift } = await import('../../Sources/SkeletonAPI/Web/drift.js');
const { cases } = JSON.parse(await readFile(new URL('../Fixtures/drift-cases.json', import.meta.url), 'utf8'));

test('driftScore gives each shared case its hand-worked score and shapes', () => {
  assert.ok(cases.length >= 9);
  for (const item of cases) {
    const { score, shapes } = driftScore(item.skeleton, item.content, item.skeletonHeight, item.contentHeight);
    assert.equal(score, item.score, item.name);
    assert.deepEqual(shapes, item.shapes, item.name);
  }
});

test('intersectionOverUnion is 0 for an empty union and for shapes apart, 1 for equal ones', () => {
  const empty = { x: 0, y: 0, width: 0, height: 0 };
  assert.equal(intersectionOverUnion(empty, empty), 0);
  assert.equal(intersectionOverUnion({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 0, width: 10, height: 10 }), 0);
  assert.equal(intersectionOverUnion({ x: 3, y: 4, width: 10, height: 10 }, { x: 3, y: 4, width: 10, height: 10 }), 1);
});

test('driftScore stays in [0, 1] and lists at most 256 shapes, each shape once', () => {
  const row = (count, dx, y) => Array.from({ length: count }, (_, index) => ({ x: index * 12 + dx, y, width: 10, height: 10 }));
  // 150 pairs matched (IoU 7/13), 50 skeleton and 100 content shapes with no match (300 entries, cut to 256): (150 x 7/13) / (200 + 250 - 150) x 10/30.
  const { score, shapes } = driftScore(row(200, 0, 0), [...row(150, 3, 0), ...row(100, 0, 50)], 10, 30);
  assert.equal(score, Math.round(((150 * 7) / 13 / 300) * (10 / 30) * 1e4) / 1e4);
  assert.equal(shapes.length, 256);
  const seen = shapes.filter((shape) => shape.skeleton !== null).map((shape) => shape.skeleton);
  assert.equal(new Set(seen).size, seen.length);
});

test('reportDrift beacons the detail to its own origin as an application/json Blob of at most 4 KiB, its last shapes left out to fit', async () => {
  const sent = [];
  Object.defineProperty(globalThis, 'navigator', { value: { sendBeacon: (url, blob) => sent.push({ url, blob }) > 0 }, configurable: true });
  Object.defineProperty(globalThis, 'location', { value: new URL('http://localhost:8080/page'), configurable: true });
  const shapes = Array.from({ length: 256 }, (_, index) => ({ skeleton: index, content: null, iou: 0 }));
  const detail = { screen: 'home', version: 'cb7918b8462f1115', element: 'card0', width: 390, score: 0, skeletonHeight: 212, contentHeight: 220, shapes };
  assert.equal(reportDrift('http://localhost:8080/drift', detail), true);
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, 'http://localhost:8080/drift');
  assert.equal(sent[0].blob.type, 'application/json');
  const body = await sent[0].blob.text();
  assert.ok(Buffer.byteLength(body) <= 4096, `${Buffer.byteLength(body)} bytes`);
  const report = JSON.parse(body);
  assert.ok(report.shapes.length > 50 && report.shapes.length < 256, String(report.shapes.length));
  assert.deepEqual(report.shapes, shapes.slice(0, report.shapes.length));
  assert.deepEqual({ ...report, shapes: [] }, { ...detail, shapes: [] });
  assert.equal(detail.shapes.length, 256, 'the detail itself is left as it was');
});

test('reportDrift sends to another origin with a keepalive fetch without credentials (a beacon is credentialed)', () => {
  const beacons = [];
  const fetched = [];
  Object.defineProperty(globalThis, 'navigator', { value: { sendBeacon: (url) => beacons.push(url) > 0 }, configurable: true });
  Object.defineProperty(globalThis, 'location', { value: new URL('https://app.example/page'), configurable: true });
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = (url, init) => { fetched.push({ url, init }); return Promise.resolve(new Response(null, { status: 204 })); };
  try {
    const detail = { screen: 'home', version: 'v', element: 'card0', width: 390, score: 1, skeletonHeight: 10, contentHeight: 10, shapes: [] };
    assert.equal(reportDrift('http://localhost:8080/drift', detail), true);
  } finally {
    globalThis.fetch = nativeFetch;
  }
  assert.deepEqual(beacons, []);
  assert.equal(fetched.length, 1);
  const { url, init } = fetched[0];
  assert.equal(url, 'http://localhost:8080/drift');
  assert.deepEqual({ method: init.method, keepalive: init.keepalive, credentials: init.credentials, mode: init.mode, type: init.headers['Content-Type'] },
    { method: 'POST', keepalive: true, credentials: 'omit', mode: 'cors', type: 'application/json' });
  assert.equal(JSON.parse(init.body).element, 'card0');
});
