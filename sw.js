// The service worker: the site from a cache, one version at a time, so a repeat visit needs no
// network, the games play offline, and a deploy never mixes two versions in one load.
//
// The built site (scripts/version_site.py stamps VERSION and FILES below):
//  - A version is every file of the site: the shell at the root (index.html, the manifest,
//    icons) and the rest under v/<VERSION>/, which is all a page of that version ever asks for.
//  - Installing a version stores every file of it in a cache of its own, before it is used:
//    a file an older version's cache holds with the same hash is copied from there; the rest
//    are fetched past the browser's HTTP cache (GitHub Pages lets browsers keep files for ten
//    minutes) and checked against their hash.  The cache is marked complete last, so a
//    version is used whole or not at all.
//  - A page load (a navigation) gets the newest complete version that has not failed to start
//    (the page says, see index.html), whichever worker answers it: the one already active,
//    or the new version's once it takes over.  A request under v/<V>/ is answered from V's
//    cache, so a page open since before an update keeps getting its own version's files.
//    The pages open on an older version see the new one stored and offer a reload.
//  - So a new version's worker never needs to take over while pages are open, and it does
//    not ask to (no skipWaiting): it waits, as a worker does by default, until no page of the
//    site is open.  Asked to take over at once, Chromium sometimes held it waiting for
//    minutes, and a new tab opened during the switch never got its page
//    (e2e/test_update.py's dozen tabs).  What every version's worker does must stay
//    compatible: serve v/<V>/ from V's cache, a load the newest version, and the messages
//    below.
//  - Caches of versions no longer needed (neither the one served, nor the one before it as a
//    fallback, nor one a page still open uses) are deleted once a version is stored.
// Unstamped ("dev", the repo root served while developing): vendor/ cache first, the app's
// own files network first (edits show on reload; the cache when offline); the page posts the
// URLs its start-up loaded, to be cached.
// Every URL is relative to this file, so the site works under a sub-path.
const VERSION = "dev";
const FILES = {};
// When this file was built: each build's sw.js differs, so the browser installs it even when
// its version is one the browser holds (a deploy taken back to an earlier build), and its
// install makes that version the newest again.
const BUILT = "";
const PREFIX = "abstract-games-";
const CACHE = PREFIX + VERSION;
const STATE = PREFIX + "state"; // which versions started, failed, and which pages use which
const COMPLETE_KEY = "./complete.json"; // in a version's cache: its FILES, written last
const DEV = VERSION === "dev";
const SCOPE = new URL("./", self.location).href;
const SNAPSHOT_PATH = /vendor\/pyodide\/snapshot\.bin\.gz$/;
const PARALLEL = 6; // downloads at once while installing

// ---- what is known across restarts of this worker, and between its versions
// One entry per fact in a cache of its own, so two workers (the old version's, still serving a
// page, and the new one's) never overwrite each other's facts:
//   installed/<V>  version V was stored whole (its body: when, for their order)
//   started/<V>    a page of version V started (its body: when first, for their order)
//   failed/<V>     a page of version V failed to start
//   page/<id>      the open page <id> runs version <body>

async function facts() {
  const cache = await caches.open(STATE);
  const found = { installed: {}, started: [], failed: [], pages: {} };
  for (const request of await cache.keys()) {
    const [kind, name] = request.url.slice(SCOPE.length).split("/");
    const entry = await cache.match(request);
    if (!entry) continue; // forgotten meanwhile (a page closed, seen by another handler)
    const body = await entry.text();
    if (kind === "installed") found.installed[name] = Number(body);
    else if (kind === "started") found.started.push([Number(body), name]);
    else if (kind === "failed") found.failed.push(name);
    else if (kind === "page") found.pages[name] = body;
  }
  found.started = found.started.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  return found;
}

async function note(kind, name, body = "") {
  await (await caches.open(STATE)).put(`./${kind}/${name}`, new Response(String(body)));
}

async function forget(kind, name) {
  await (await caches.open(STATE)).delete(`./${kind}/${name}`);
}

async function started(version, page) {
  const cache = await caches.open(STATE);
  if (!(await cache.match(`./started/${version}`))) await note("started", version, Date.now());
  await forget("failed", version);
  if (page) await note("page", page, version);
  await forgetClosedPages();
}

// The pages no longer open (a few: those closed since a page last started).
async function forgetClosedPages() {
  for (const id of Object.keys((await facts()).pages)) {
    if (!(await self.clients.get(id))) await forget("page", id);
  }
}

// ---- storing a version

// Store a response; the Python snapshot is stored unzipped and marked so (the header), so a
// repeat visit skips the unzipping and web/interpreter.mjs reads it in one piece.
async function keep(cache, url, response) {
  if (SNAPSHOT_PATH.test(url)) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    let body = bytes;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      body = await new Response(stream).arrayBuffer();
    }
    response = new Response(body, {
      headers: { "Content-Type": "application/octet-stream", "X-Snapshot-Unzipped": "1" },
    });
  }
  await cache.put(url, response);
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, 16);
}

// The file at `url` as this version has it: revalidated with the server (a 304 costs a few
// bytes), then, should the bytes not match, fetched again past every cache.
async function fetchChecked(url, hash) {
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    if ((await sha256(bytes)) === hash) {
      const type = response.headers.get("Content-Type");
      return new Response(bytes, { headers: type ? { "Content-Type": type } : {} });
    }
  }
  throw new Error(`${url}: the server holds another version of it`);
}

// A file's name within its version: its path with any v/<V>/ taken off.
function logical(path) {
  return path.replace(/^v\/[0-9a-f]+\//, "");
}

// Files this version shares with the complete caches of other versions, by name and hash.
async function storedFiles() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === STATE || name === CACHE) continue;
    const complete = await caches.match(COMPLETE_KEY, { cacheName: name });
    if (!complete) continue;
    for (const [path, hash] of Object.entries((await complete.json()).files)) {
      found.set(`${logical(path)} ${hash}`, { cacheName: name, path });
    }
  }
  return found;
}

async function install() {
  const cache = await caches.open(CACHE);
  if (!(await cache.match(COMPLETE_KEY))) await store(cache);
  await note("installed", VERSION, Date.now()); // also a version stored before: it is newest again
}

async function store(cache) {
  const stored = await storedFiles();
  const queue = Object.entries(FILES);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [path, hash] = next;
      const url = new URL(path, self.location).href;
      if (await cache.match(url)) continue; // an install that stopped half-way, resumed
      const old = stored.get(`${logical(path)} ${hash}`);
      const copy = old && (await caches.match(new URL(old.path, self.location).href,
                                              { cacheName: old.cacheName }));
      if (copy) await cache.put(url, copy);
      else await keep(cache, url, await fetchChecked(url, hash));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  await cache.put(COMPLETE_KEY, new Response(JSON.stringify({ version: VERSION, files: FILES })));
}

// ---- which version a load gets, and which caches stay

async function completeVersions() {
  const versions = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === STATE) continue;
    if (await caches.match(COMPLETE_KEY, { cacheName: name })) {
      versions.push(name.slice(PREFIX.length));
    }
  }
  return versions;
}

// The complete versions, oldest first: by when they were stored (those stored by a worker
// from before that was noted count as older), then by when they first started.
async function versionsInOrder(state) {
  const key = (v) => [state.installed[v] ?? -1, state.started.indexOf(v)];
  const older = (a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1];
  return (await completeVersions()).sort(older);
}

// What a page load gets: the newest complete version that has not failed to start here
// (this worker's own if none).  (Asked on every page load: a few entries in two caches.)
async function served() {
  return servedVersion(await facts());
}

async function servedVersion(state) {
  return newestGood(await versionsInOrder(state), state);
}

function newestGood(order, state) {
  const good = order.filter((v) => !state.failed.includes(v));
  return good.length ? good[good.length - 1] : VERSION;
}

// What a page of `version` is told: "ready" if a newer version is what a load gets now,
// "failed" if the newest version stored is newer and failed to start here, else null.
async function update(version, state) {
  const order = await versionsInOrder(state);
  const newer = (v) => order.indexOf(v) > order.indexOf(version);
  const servedNow = newestGood(order, state);
  const newest = order[order.length - 1];
  if (servedNow !== version && newer(servedNow)) return "ready";
  if (newest && newest !== version && newer(newest) && state.failed.includes(newest)) {
    return "failed";
  }
  return null;
}

async function prune() {
  await forgetClosedPages();
  const state = await facts();
  const served = await servedVersion(state);
  const needed = new Set([VERSION, served, ...Object.values(state.pages)]);
  const before = state.started.filter((v) => v !== served && !state.failed.includes(v));
  if (before.length) needed.add(before[before.length - 1]); // the fallback, should this fail
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== STATE && !needed.has(name.slice(PREFIX.length))) {
      await caches.delete(name);
    }
  }
}

// ---- lifecycle

// The built site's worker is active at once only on a first visit (no worker before it);
// the unstamped one takes over at once, so an edited sw.js is used on the next reload.
self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (DEV) {
      await devInstall();
      await self.skipWaiting();
    } else {
      await install();
      await prune().catch((err) => console.warn("Pruning:", err)); // the version stays
    }
  })());
});

// A page load that comes while this worker activates waits until it is active, so the
// activate event holds nothing: taking over the open pages (clients.claim: on a first visit,
// the page that registered it), telling them, and deleting caches no longer needed follow
// it.  The pages do not depend on being told (index.html).
self.addEventListener("activate", () => {
  setTimeout(() => takeOver().catch((err) => console.warn("Taking over:", err)), 0);
});

async function takeOver() {
  await self.clients.claim();
  for (const client of await self.clients.matchAll({ type: "window" })) {
    client.postMessage({ type: "version-ready", version: VERSION });
  }
  if (DEV) {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
  } else {
    await prune();
  }
}

// What a page says and asks (index.html):
//  {started: V}  its start-up succeeded with version V   -> {ok: true}
//  {failed: V}   its start-up failed with version V      -> {fallback: true|false}
//  {status: V}   (a page of version V, just loaded)      -> {version, update}
//                (update: "ready", "failed" or null, see update())
//  {cache: [urls]} (dev only) store these                 -> "cached"
self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (answer) => event.ports[0] && event.ports[0].postMessage(answer);
  const client = event.source && event.source.id;
  event.waitUntil((async () => {
    if (data.cache) {
      await devCache(data.cache);
      reply("cached");
    } else if (data.started) {
      await started(data.started, client);
      reply({ ok: true });
    } else if (data.failed) {
      await note("failed", data.failed);
      reply({ fallback: (await servedVersion(await facts())) !== data.failed });
    } else if (data.status) {
      if (client && !DEV) await note("page", client, data.status);
      reply({ version: VERSION, update: DEV ? null : await update(data.status, await facts()) });
    }
  })());
});

// ---- serving

async function fromCache(cacheName, request) {
  const hit = await caches.match(request, { cacheName });
  return hit || fetch(request); // not stored: the network (never another version's copy)
}

async function page(request) {
  const version = await served();
  const hit = await caches.match(new URL("./index.html", self.location).href,
                                 { cacheName: PREFIX + version });
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  if (DEV) return event.respondWith(devFetch(request));
  const path = request.url.slice(SCOPE.length).split(/[?#]/)[0];
  const versioned = /^v\/([0-9a-f]+)\//.exec(path);
  if (versioned) {
    event.respondWith(fromCache(PREFIX + versioned[1], request));
  } else if (request.mode === "navigate" || path === "" || path === "index.html") {
    event.respondWith(page(request));
  } else {
    event.respondWith(served().then((v) => fromCache(PREFIX + v, request)));
  }
});

// ---- development (the repo root, unstamped)

const VENDOR = new URL("./vendor/", self.location).href;
const NETWORK_WAIT_MS = 4000; // then a cached copy beats a hanging network
const DEV_CORE = [
  "./", "./index.html", "./pyscript.toml", "./web/style.css", "./web/interpreter.mjs",
  "./vendor/pyscript/core.js", "./vendor/pyscript/core.css", "./vendor/pyodide/pyodide.mjs",
  "./vendor/pyodide/pyodide.asm.mjs", "./vendor/pyodide/pyodide.asm.wasm",
  "./vendor/pyodide/python_stdlib_app.zip", "./vendor/pyodide/pyodide-lock.json",
];

async function devInstall() {
  const cache = await caches.open(CACHE);
  await Promise.all(DEV_CORE.map(async (u) => {
    const url = new URL(u, self.location).href;
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok) await keep(cache, url, response);
  }));
}

async function devCache(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(urls.filter((u) => u.startsWith(SCOPE)).map(async (u) => {
    const url = u.split("#")[0];
    if (await cache.match(url)) return;
    try {
      const response = await fetch(url, { cache: "no-cache" });
      if (response.ok) await keep(cache, url, response);
    } catch (err) { /* gone or offline: skip it */ }
  }));
}

async function devFetch(request) {
  const cache = await caches.open(CACHE);
  if (request.url.startsWith(VENDOR)) {
    const hit = await cache.match(request);
    if (hit) return hit;
  }
  const network = fetch(request).then((response) => {
    if (response.ok) keep(cache, request.url, response.clone()).catch(() => {});
    return response;
  });
  network.catch(() => {});
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_WAIT_MS, null));
  try {
    const response = await Promise.race([network, slow]);
    if (response) return response;
  } catch (err) { /* offline: the cache below */ }
  let hit = await cache.match(request);
  if (!hit && request.mode === "navigate") {
    hit = (await cache.match("./index.html")) || (await cache.match("./"));
  }
  return hit || network;
}
