// A Ninth Age request that runs long (natively ~0.8 s before the engine's work budget answers
// `limit`, longer in WebAssembly: reliably past the tests' lowered 300 ms budget), within
// every limit of a share link: five chargers of one target, charging combined (every order tried,
// 9A-CH-4) across a table of 500 star-shaped terrain pieces of 64 vertices (the page's limits).
const star = (cx, cy) => Array.from({ length: 64 }, (_, i) => {
  const a = (i * Math.PI) / 32, r = i % 2 ? 0.35 : 1;
  return [Math.round((cx + r * Math.sin(a)) * 100) / 100, Math.round((cy + r * Math.cos(a)) * 100) / 100];
});

/** The request: `pieces` stars in rows below and beside the chargers' lanes. */
export function slowCharge(pieces = 500, others = 0) {
  const terrain = [];
  for (let i = 0; terrain.length < pieces; i++) {
    const x = 2 + (i % 25) * 2.8, y = 30 + Math.floor(i / 25) * 2.8;
    terrain.push({ id: `s${i}`, kind: 'impassable', polygon: star(x, y) });
  }
  const chargers = [6, 12, 18, 24, 30].map((x, i) => ({ id: `C${i + 1}`, side: 'red', x, y: 6, facing: 0, width: 2, depth: 2 }));
  return {
    system: 'ninth-age', query: 'charge', table: { width: 72, height: 96 },
    terrain,
    units: [...chargers, { id: 'T', side: 'blue', x: 18, y: 22, facing: 180, width: 20, depth: 2 },
      ...Array.from({ length: others }, (_, i) => ({ id: `O${i}`, side: 'blue', x: 1 + (i % 35) * 2, y: 62 + Math.floor(i / 35) * 1.2, facing: 0, width: 1, depth: 1 }))],
    charger: 'C1', target: 'T', range: 20,
    combined: chargers.slice(1).map((c) => ({ charger: c.id, range: 20 })),
  };
}
