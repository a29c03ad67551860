// How big Pyodide's memory grows while the hard Gwyddbwyll level plays a long game against
// itself, each side's search taking over the table of its last one (engine/games/gwyddbwyll/search.py:
// `previous`, as the page's worker hands it on), so that the table's bound (TABLE_LIMIT) is
// seen to bound the worker's memory.  Runs the engine's sources in the Pyodide that npm
// installed (the same WebAssembly as the page's), under node:
//     node scripts/bench_gw_memory.mjs [nodes a move, 60000] [plies, 60]
// Prints, every third ply, the positions in the table of the side that just moved and the
// size of the WebAssembly heap (it grows and never shrinks, so it shows the peak so far).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
const dir = join(root, "node_modules", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/` });
const home = "/home/pyodide";

function copySources(rel) {
  pyodide.FS.mkdirTree(`${home}/${rel}`);
  for (const name of readdirSync(join(root, rel))) {
    const path = join(root, rel, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copySources(`${rel}/${name}`);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(`${home}/${rel}/${name}`, readFileSync(path));
    }
  }
}

copySources("engine");
const heapMB = () => Math.round(pyodide._module.HEAP8.length / 2 ** 20);
const nodes = Number(process.argv[2] || 60000);
const plies = Number(process.argv[3] || 60);
console.log(`Pyodide ${pyodide.version}; heap after start ${heapMB()} MB; ${nodes} nodes a move`);
pyodide.runPython(`
import sys, time
sys.path.insert(0, "${home}")
from engine import games
from engine.games.gwyddbwyll.search import GwSearch, TABLE_LIMIT

game = games.get("gwyddbwyll")
state = game.new()
earlier = []
last = [None, None]  # each side's search of its last move


def move(ply, nodes):
    global state
    side = state.turn
    began = time.perf_counter()
    search = GwSearch(state, seed=ply, earlier=earlier, previous=last[side])
    search.run(nodes=nodes)
    last[side] = search
    earlier.append(state)
    state = game.play(state, search.best())
    return f"{len(search.table)} of {TABLE_LIMIT} positions, {time.perf_counter() - began:.1f} s"
`);
const move = pyodide.globals.get("move");
const over = pyodide.runPython("lambda: game.result(state) is not None");
for (let ply = 1; ply <= plies && !over(); ply++) {
  const said = move(ply, nodes);
  if (ply % 3 === 0) console.log(`ply ${ply}: ${said}; heap ${heapMB()} MB`);
}
