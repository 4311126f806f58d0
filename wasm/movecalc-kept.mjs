// The worker's answers to whole requests (movecalc-worker-thread.mjs) through positions kept in
// the engine (docs/api.md "Positions"), one per game: a page asks the same question again and again
// while a unit is dragged, so the worker sends the engine only the units that changed and the
// question, instead of the whole request (docs/performance.md "Positions kept in the engine"). The
// answer text is the whole request's, byte for byte (tests/js/engine-positions.test.mjs).

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The units of a position as the comparison needs them: each unit's JSON, its keys and its id; or
 * null when an update could not name them (a unit that is not an object, an id missing or given
 * twice): such a position is asked as a whole request.
 */
function unitsOf(units) {
  if (units === undefined) return [];
  if (!Array.isArray(units)) return null;
  const ids = new Set();
  const out = [];
  for (const u of units) {
    if (!isObject(u) || typeof u.id !== 'string' || ids.has(u.id)) return null;
    ids.add(u.id);
    out.push({ id: u.id, json: JSON.stringify(u), keys: Object.keys(u).join('\n'), unit: u });
  }
  return out;
}

/** The position's members other than `units`, with their order, as one string to compare. */
function othersOf(position) {
  return JSON.stringify(Object.entries(position).map(([k, v]) => (k === 'units' ? [k] : [k, v])));
}

export class KeptPositions {
  #engine;
  #split;
  #kept = new Map(); // system → {position (engine.open's), others, units}

  /** `engine` is createEngine()'s, `splitRequest` the same module's (given: the worker and Node load it from different places). */
  constructor(engine, splitRequest) {
    this.#engine = engine;
    this.#split = splitRequest;
  }

  /** The response text to a request (an object, or JSON text as typed), the same bytes as engine.requestText. */
  answerText(request) {
    if (!isObject(request) || typeof request.system !== 'string' || !this.#engine.holds(request.system)) return this.#whole(request);
    const { position, query } = this.#split(request);
    const units = unitsOf(position.units);
    if (units === null) return this.#whole(request);
    const others = othersOf(position);
    const system = request.system;
    const kept = this.#kept.get(system);
    const changes = kept && kept.others === others ? changedUnits(kept.units, units) : null;
    if (changes && (changes.length === 0 || this.#update(kept, changes))) {
      kept.units = units;
      return kept.position.askText(JSON.stringify(query));
    }
    this.#drop(system);
    let opened;
    try {
      opened = this.#engine.open(position);
    } catch {
      return this.#whole(request); // the request's own error
    }
    this.#kept.set(system, { position: opened, others, units });
    return opened.askText(JSON.stringify(query));
  }

  /** Closes every kept position. */
  close() {
    for (const system of [...this.#kept.keys()]) this.#drop(system);
  }

  // An update the engine refuses changes nothing; the position is then opened anew.
  #update(kept, changes) {
    return kept.position.update({ units: changes }).ok === true;
  }

  #drop(system) {
    this.#kept.get(system)?.position.close();
    this.#kept.delete(system);
  }

  #whole(request) {
    return this.#engine.requestText(typeof request === 'string' ? request : JSON.stringify(request));
  }
}

/**
 * The units that changed in place, as an update's `units`: null when the two lists differ in
 * anything else (a unit added, removed or moved in the list, a field added or removed), which the
 * position is opened anew for: an update would append new units and fields at the end, and the
 * answer must be the request's, member order and all.
 */
function changedUnits(was, now) {
  if (was.length !== now.length) return null;
  const out = [];
  for (let i = 0; i < now.length; i++) {
    if (was[i].json === now[i].json) continue;
    if (was[i].id !== now[i].id || was[i].keys !== now[i].keys) return null;
    out.push(now[i].unit);
  }
  return out;
}
