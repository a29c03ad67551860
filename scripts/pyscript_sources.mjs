// PyScript's own Python package, as PyScript keeps it: an object literal
// {pyscript: {"__init__.py": "...", ...}} in its core chunk (vendor/pyscript/core-<hash>.js).
// Used by make_pyscript_bytecode.mjs (to compile it ahead) and make_stdlib.mjs (to find what
// it imports).  Returns null when this PyScript keeps it some other way.
import { readFileSync, readdirSync } from "node:fs";

export function pyscriptSources(vendor) {
  const chunk = readdirSync(`${vendor}/pyscript`).find((name) => /^core-.*\.js$/.test(name));
  const text = readFileSync(`${vendor}/pyscript/${chunk}`, "utf8");
  const start = text.indexOf('{pyscript:{"__init__.py":');
  if (start < 0) return null;
  let depth = 0, quote = null, escaped = false;
  for (let at = start; at < text.length; at++) {
    const c = text[at];
    if (quote) {
      if (escaped) escaped = false;
      else if (c === "\\") escaped = true;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return Function(`return ${text.slice(start, at + 1)};`)();
  }
  return null;
}

// {path relative to the package root, e.g. "pyscript/web.py": source} for every .py file.
export function flatSources(tree, folder = "") {
  const out = {};
  for (const [name, value] of Object.entries(tree || {})) {
    const path = folder ? `${folder}/${name}` : name;
    if (typeof value === "object") Object.assign(out, flatSources(value, path));
    else if (name.endsWith(".py")) out[path] = value;
  }
  return out;
}
