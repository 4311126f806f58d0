// The Ninth Age charge answer on the board and in the verdict, against the real engine at phone and
// desktop sizes: a Failed Charge Move (A-9A-4) drawn apart from a completed charge, and a combined
// charge (asked with the form's Combined chargers list) with its order and why it won (9A-CH-4),
// its chargers numbered in move order. Each test asks
// through the page, reads the verdict, and checks what is drawn (the test hook's overlay) against
// poses worked out by hand from the request.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, DESKTOP, ruled, pageRequest, verdict, details, overlay, shot, openRequest, openPanel } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const near = (a, b, what, tol = 1e-3) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} is not ${b}`);
// facings compared round the circle: 359.9999° is 0°
const nearPose = (p, [x, y, facing], what) => { near(p.x, x, `${what} x`); near(p.y, y, `${what} y`); near(((p.facing - facing) % 360 + 540) % 360 - 180, 0, `${what} facing ${p.facing} against ${facing}`); };
const poseLabelled = (items, re) => items.filter((it) => it.type === 'pose' && re.test(it.label ?? ''));

// C (2 × 2 at (10, 10), facing 0) charges T, whose centre lies straight ahead of C's front-facing
// centre once C has wheeled 30° clockwise about its front-right corner K = (11, 11): that centre is
// then K + rot30(−1, 0) = (11 − √3/2, 11.5), and T's centre 20″ further along (1/2, √3/2).
const S3 = Math.sqrt(3);
const K = [11, 11];
const FRONT_MID = [11 - S3 / 2, 11.5];
const T_CENTRE = [FRONT_MID[0] + 10, FRONT_MID[1] + 10 * S3];
const AHEAD = [0.5, S3 / 2];
// C's centre after the wheel: K + rot30(−1, −1) = (11 − (√3 + 1)/2, 11 − (√3 − 1)/2)
const WHEELED = [11 - (S3 + 1) / 2, 11 - (S3 - 1) / 2];
const ahead = (d) => [WHEELED[0] + AHEAD[0] * d, WHEELED[1] + AHEAD[1] * d];
const FAILED = {
  system: 'ninth-age', query: 'charge', table: { width: 48, height: 48 },
  units: [{ id: 'C', side: 'red', x: 10, y: 10, facing: 0, width: 2, depth: 2 }, { id: 'T', side: 'blue', x: T_CENTRE[0], y: T_CENTRE[1], facing: 210, width: 4, depth: 2 }],
  charger: 'C', target: 'T', range: 6, highestDie: 4,
};

// a length as a player measures it: to 0.1″ (draw.js `inches`)
const r1 = (v) => String(Math.round(v * 10) / 10 + 0);

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  const tag = `${size} ${viewport.width}x${viewport.height}`;

  test(`9A-CH-1 A-9A-4 a failed charge: its wheel arc, straight part and end drawn as a failed charge, said in the verdict (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await openRequest(page, FAILED);
    // out of range (T is ~20″ away, the roll 6″): the Failed Charge Move of the highest D6, 4″:
    // the wheel's outer corner (front-left) travels 2 × π/6 = π/3″, the rest goes straight
    const straight = 4 - Math.PI / 3, end = ahead(straight);
    // the verdict as measured at the table (inches to 0.1, degrees to 1), the list below it exact
    assert.match(await verdict(page), new RegExp(`^The charge cannot be made\\. C cannot charge: out of range \\(needs [0-9.]+″, rolled 6″\\)\\. Failed Charge Move \\(highest D6 4\\): moves 4″ \\(wheels 30° to face the target’s centre, then ${r1(straight)}″ straight\\), ends at \\(${r1(end[0])}″, ${r1(end[1])}″\\) facing 30°, nothing in the way; Shaken, no longer Charging\\.$`));
    assert.match(await details(page), /Failed Charge Move \(amber on the board\)\s*A-9A-4/);
    assert.ok((await details(page)).includes(`then ${+straight.toFixed(3)}″ straight), ends at (${+end[0].toFixed(3)}, ${+end[1].toFixed(3)}) facing 30°`), 'exact figures in the details');
    let items = await overlay(page);
    const ghosts = poseLabelled(items, /failed charge/);
    assert.equal(ghosts.length, 1);
    assert.equal(ghosts[0].label, 'C: failed charge, 4″');
    nearPose(ghosts[0].pose, [...end, 30], 'failed charge end');
    // drawn apart from a completed charge: dashed, amber, not the green final pose
    assert.equal(ghosts[0].dashed, true);
    assert.notEqual(ghosts[0].color, '#1e6b3c');
    assert.equal(poseLabelled(items, /^charges$/).length, 0);
    // where the shortest charge would have ended, faintly
    assert.match(poseLabelled(items, /needs/)[0].label, /^C: needs [0-9.]+″$/);
    // the wheel about K, and the outer corner's arc: from (9, 11) round K at radius 2 to K + rot30(−2, 0) = (11 − √3, 12)
    const pivot = items.find((it) => it.type === 'mark' && it.shape === 'pivot');
    assert.deepEqual([pivot.x, pivot.y, pivot.label], [...K, 'wheel 30°']);
    const arc = items.find((it) => it.type === 'path' && !it.dashed);
    near(arc.points[0][0], 9, 'arc start x'); near(arc.points[0][1], 11, 'arc start y');
    near(arc.points.at(-1)[0], 11 - S3, 'arc end x'); near(arc.points.at(-1)[1], 12, 'arc end y');
    for (const p of arc.points) near(Math.hypot(p[0] - K[0], p[1] - K[1]), 2, 'arc radius');
    // the centre's path: round K at radius √2 to the wheeled centre, then straight to the end
    const path = items.find((it) => it.type === 'path' && it.dashed);
    assert.deepEqual(path.points[0], [10, 10]);
    for (const p of path.points.slice(0, -1)) near(Math.hypot(p[0] - K[0], p[1] - K[1]), Math.SQRT2, 'centre arc radius');
    near(path.points.at(-1)[0], end[0], 'path end x'); near(path.points.at(-1)[1], end[1], 'path end y');
    await shot(page, 'ninth-age-charge-failed', viewport);

    // the page's own form: a highest D6 of 3 leaves 3 − π/3″ after the same wheel
    assert.equal((await pageRequest(page)).highestDie, 4);
    await openPanel(page, 'ask-panel'); // (a phone in Play shows the verdict, and the question's form a tap away)
    await page.fill('[data-key="q.highestDie"]', '3');
    await page.press('[data-key="q.highestDie"]', 'Enter');
    await page.waitForFunction(() => window.movecalcTest.request().highestDie === 3);
    await ruled(page);
    const end3 = ahead(3 - Math.PI / 3);
    assert.match(await verdict(page), /Failed Charge Move \(highest D6 3\): moves 3″/);
    items = await overlay(page);
    nearPose(poseLabelled(items, /failed charge/)[0].pose, [...end3, 30], 'failed charge end (D6 3)');

    // a wall across the straight part: after the wheel C's front-left corner K + rot30(−2, 0) =
    // (11 − √3, 12) is its highest point; the wall's lower edge y = 13.5 is 1.5 above it, reached
    // after 1.5 / (√3/2) = √3″ along (1/2, √3/2); it stops 0.001″ short
    await openRequest(page, { ...FAILED, terrain: [{ id: 'wall', kind: 'impassable', polygon: [[5, 13.5], [12, 13.5], [12, 14.5], [5, 14.5]] }] });
    const short = S3 - 0.001, endW = ahead(short);
    assert.match(await verdict(page), new RegExp(`C cannot charge: .*Failed Charge Move \\(highest D6 4\\): moves ${r1(Math.PI / 3 + short)}″ \\(wheels 30° to face the target’s centre, then ${r1(short)}″ straight\\), ends at \\(${r1(endW[0])}″, ${r1(endW[1])}″\\) facing 30°, stopped against wall;`));
    assert.ok((await details(page)).includes(`moves ${+(Math.PI / 3 + short).toFixed(3)}″ (wheels 30° to face the target’s centre, then ${+short.toFixed(3)}″ straight), ends at (${+endW[0].toFixed(3)}, ${+endW[1].toFixed(3)}) facing 30°, stopped 0.001″ short of wall;`), 'exact figures in the details');
    items = await overlay(page);
    const wallEnd = poseLabelled(items, /failed charge/)[0];
    assert.equal(wallEnd.label, `C: failed charge, ${+(Math.PI / 3 + short).toFixed(1)}″ (wall)`); // on the board to 0.1″, as measured
    nearPose(wallEnd.pose, [...endW, 30], 'failed charge end at the wall');
    // ✕ at the middle of its front: its centre plus 1″ ahead
    const x = items.find((it) => it.type === 'mark' && it.shape === 'x');
    near(x.x, endW[0] + AHEAD[0], 'stop mark x'); near(x.y, endW[1] + AHEAD[1], 'stop mark y');
    await shot(page, 'ninth-age-charge-failed-wall', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`9A-CH-4 a combined charge: the order chosen and why in the verdict, the chargers numbered on the board in move order (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    // T (4 × 4 at (10, 20), facing 180): front y = 18 (x 8..12), left facing x = 12 (y 18..22).
    // A (2 × 2 at (12, 10), range 7) can only go 7″ straight, to (12, 17). B (2 × 2 at (22, 19),
    // facing 270, range 9.5) faces the left facing 9″ away; alone it goes straight to (13, 19), but
    // moving first it would leave A no room (A's end would touch B): B, A puts 1 charger in contact,
    // A, B puts 2 (B stops 0.001″ clear of A, at y = 19.001). F (at (10, 40), facing 180, range 3)
    // faces T's centre from 17″ behind its rear (y = 22): out of range, it moves its highest D6, 5″,
    // straight on, to (10, 35). Request order B, A, F; A, B, F is the first order with 2 in contact.
    await openRequest(page, {
      system: 'ninth-age', query: 'charge', table: { width: 48, height: 48 },
      units: [{ id: 'B', side: 'red', x: 22, y: 19, facing: 270, width: 2, depth: 2 }, { id: 'A', side: 'red', x: 12, y: 10, facing: 0, width: 2, depth: 2 },
        { id: 'F', side: 'red', x: 10, y: 40, facing: 180, width: 2, depth: 2 }, { id: 'T', side: 'blue', x: 10, y: 20, facing: 180, width: 4, depth: 4 }],
      charger: 'B', target: 'T', range: 9.5,
    });
    // the further chargers through the form's Combined chargers list
    await openPanel(page, 'ask-panel');
    await page.click('[data-key="combined.add.Add charger"]');
    await page.selectOption('[data-key="combined.0.charger"]', 'A');
    await page.fill('[data-key="combined.0.range"]', '7');
    await page.press('[data-key="combined.0.range"]', 'Enter');
    await page.click('[data-key="combined.add.Add charger"]');
    await page.selectOption('[data-key="combined.1.charger"]', 'F');
    await page.fill('[data-key="combined.1.range"]', '3');
    await page.press('[data-key="combined.1.range"]', 'Enter');
    await page.fill('[data-key="combined.1.highestDie"]', '5');
    await page.press('[data-key="combined.1.highestDie"]', 'Enter');
    await page.waitForFunction(() => window.movecalcTest.request().combined?.[1]?.highestDie === 5);
    assert.deepEqual((await pageRequest(page)).combined, [{ charger: 'A', range: 7 }, { charger: 'F', range: 3, highestDie: 5 }]);
    await ruled(page);
    assert.equal(await verdict(page), 'Combined charge on T: 2 of 3 chargers make contact. A charges the front, 7″; B charges the left flank, 9″; F cannot charge (out of range), failed charge 5″ to (10″, 35″) facing 180°. ' +
      'In the order A, B, F: it beats the request order (B, A, F) on Maximising Contact priority 2, chargers in contact: 2 against 1. (rule 9A-CH-4)');
    const text = await details(page);
    assert.doesNotMatch(text, /ends at: \(13, 19\.001\)/, 'the first charger\'s fields are not given as the whole answer\'s');
    assert.match(text, /Chargers, in the order they moved[^\n]*\n+A charges T in the front: 7″ straight\n+B charges T in the left flank: 9″, wheeling [0-9.]+°\n+F cannot charge: out of range \(needs 17″, rolled 3″\)\. Failed Charge Move \(highest D6 5\): moves 5″ \(5″ straight\), ends at \(10, 35\) facing 180°, nothing in the way; Shaken, no longer Charging/);
    assert.match(text, /Order of the combined charge\s*9A-CH-4\s*A, B, F: it beats the request order \(B, A, F\)[^\n]*\n+9A-CH-4\s*this order: 2 chargers in contact[^\n]*\n+9A-CH-4\s*the request order: 1 charger in contact/);
    const items = await overlay(page);
    nearPose(poseLabelled(items, /^1\. A$/)[0].pose, [12, 17, 0], 'A (1st)');
    nearPose(poseLabelled(items, /^2\. B$/)[0].pose, [13, 19.001, 270], 'B (2nd)');
    nearPose(poseLabelled(items, /^3\. F: failed charge, 5″$/)[0].pose, [10, 35, 180], 'F (3rd, failed)');
    // F, which cannot charge, ringed red at its start
    const ring = items.find((it) => it.type === 'polygon' && it.color === '#b3261e' && it.labelAt?.[0] === 10);
    assert.deepEqual(ring.labelAt, [10, 40]);
    // each completed charge's contacted facing of T (facing 180: its front-left corner is (12, 18)):
    // the front, (12, 18) to (8, 18), and the left, (12, 22) to (12, 18)
    const edges = items.filter((it) => it.type === 'line' && it.width === 6).map((it) => [...it.from, ...it.to].map((n) => +n.toFixed(6)));
    assert.deepEqual(edges, [[12, 18, 8, 18], [12, 22, 12, 18]]);
    await shot(page, 'ninth-age-charge-combined', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// T (4 × 2 at (24, 24), facing 30) is charged in its front by C (4 × 2, facing 180) from straight
// above its front-left corner P = T + f − 2r = (24.5 − √3, 25 + √3/2) (f = (1/2, √3/2), r = (√3/2,
// −1/2)): C's front starts at y = 35, so its front-right corner meets P after 35 − P.y″ straight.
// C would then turn 30° about P; a rock at x 26.9..27.1, y 25.3..25.6 lies where its left side
// would sweep (4 to √20 from P, 0 to 30° below C's front) and clear of C's approach (x ≤ 26.768)
// and of T either way, so T is turned −30° about P instead: facing 0, its front-left corner still
// at P, centre P + (2, −1). The range leaves 0.01″ spare: a wheel round the rock that keeps T
// unturned (priority 3 of Maximising Contact, 9A-CH-3) is longer than that. The page keeps
// positions to 6 decimals, so it may rule with C a few 1e-7″ off the corner: a wheel of ~1e-6°,
// said as straight and drawn where these poses are to 1e-3.
const P = [24.5 - S3, 25 + S3 / 2];
const ROTATED = {
  system: 'ninth-age', query: 'charge', table: { width: 48, height: 48 },
  units: [{ id: 'C', side: 'red', x: P[0] + 2, y: 36, facing: 180, width: 4, depth: 2 }, { id: 'T', side: 'blue', x: 24, y: 24, facing: 30, width: 4, depth: 2 }],
  terrain: [{ id: 'rock', kind: 'impassable', polygon: [[26.9, 25.3], [27.1, 25.3], [27.1, 25.6], [26.9, 25.6]] }],
  charger: 'C', target: 'T', range: 35 - P[1] + 0.01,
};

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`9A-CH-2 the charger cannot align past a rock: the target turned about the contact point, drawn and said (${size} ${viewport.width}x${viewport.height})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await openRequest(page, ROTATED);
    const straight = 35 - P[1];
    assert.match(await verdict(page), new RegExp(`^The charge can be made: C charges T in the front: ${r1(straight)}″ straight, rotating the target`));
    // the Result's poses as measured at the table: inches to 0.1
    const at = (x, y, f) => `(${r1(x)}″, ${r1(y)}″) facing ${f}°`;
    const text = await details(page);
    assert.ok(text.includes(`C charges T in the front: ${+straight.toFixed(3)}″ straight, rotating the target`), `exact figures in the details\n${text}`);
    assert.ok(text.includes(`ends at: ${at(P[0] + 2, P[1] + 1, 180)}`), text);
    assert.ok(text.includes(`T turned about the contact point (it could not be aligned to): ${at(P[0] + 2, P[1] - 1, 0)}`), text);
    const items = await overlay(page);
    // C stays where it touched: its front-right corner on P, facing 180
    nearPose(poseLabelled(items, /^charges$/)[0].pose, [P[0] + 2, P[1] + 1, 180], 'C at contact');
    const turned = poseLabelled(items, /^T: turned$/);
    assert.equal(turned.length, 1);
    nearPose(turned[0].pose, [P[0] + 2, P[1] - 1, 0], 'T turned about P');
    // an outline over the units: T where it stood would hide it
    assert.equal(turned[0].fill, undefined);
    assert.equal(turned[0].onTop, true);
    // the facing charged is T's front where it ends: from its front-left corner P to P + 4 along x
    const edges = items.filter((it) => it.type === 'line' && it.width === 6).map((it) => [...it.from, ...it.to]);
    assert.equal(edges.length, 1);
    edges[0].forEach((v, i) => near(v, [P[0], P[1], P[0] + 4, P[1]][i], `charged edge ${i}`));
    await shot(page, 'ninth-age-charge-rotates-target', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('9A-CH-4 A-9A-4 hostile names in a charge answer (chargers, the order, what stopped a failed charge) render as text only', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const evil = '<img src=x onerror="window.__pwned=1">', wall = '<script>window.__pwned=2</script>';
  await openRequest(page, { ...FAILED, units: [{ ...FAILED.units[0], id: evil }, FAILED.units[1], { id: 'D', side: 'red', x: 30, y: 5, facing: 0, width: 2, depth: 2 }],
    charger: evil, combined: [{ charger: 'D', range: 1, highestDie: 2 }],
    terrain: [{ id: wall, kind: 'impassable', polygon: [[5, 13.5], [12, 13.5], [12, 14.5], [5, 14.5]] }] });
  const v = await verdict(page);
  assert.ok(v.includes(`${evil} cannot charge`) && v.includes(`stopped by ${wall}`), v);
  assert.ok((await details(page)).includes(evil));
  assert.equal(await page.locator('main img, main script, main iframe').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.deepEqual(errors, []);
  await context.close();
});
