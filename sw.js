// The service worker: the site and its vendored runtime from a cache, so a repeat visit needs
// no network and the games play offline.
//  - One cache per VERSION; scripts/build_site.sh stamps VERSION with a hash of the site's
//    files, so any deploy that changes a file changes this one: the browser installs the new
//    worker in the background, it takes over once no tab runs the old version (so one page
//    load never mixes two versions), and the old caches are deleted when it activates.
//  - A stamped version serves everything cache first (vendor/ and the app's own files alike:
//    within one version the cache and the server hold the same bytes), so a repeat visit
//    waits for no network at all.
//  - Unstamped ("dev", the repo root served while developing): vendor/ cache first, the
//    app's own files network first (edits show on reload; the cache when offline), and a new
//    worker takes over at once.
//  - The page (index.html) posts the URLs it loaded (Resource Timing) once this worker
//    controls it, so everything a start-up fetched (hashed PyScript chunks, every module in
//    pyscript.toml) is cached without a list kept here.
// Every URL is relative to this file, so the site works under a sub-path.
const VERSION = "dev";
const CACHE = "abstract-games-" + VERSION;
const PREFIX = "abstract-games-";
const DEV = VERSION === "dev";
const SCOPE = new URL("./", self.location).href;
const VENDOR = new URL("./vendor/", self.location).href;
const CORE = [
  "./", "./index.html", "./pyscript.toml", "./manifest.webmanifest", "./web/style.css",
  "./icons/icon.svg", "./icons/icon-192.png", "./icons/icon-512.png", "./web/interpreter.mjs",
  "./vendor/pyscript/core.js", "./vendor/pyscript/core.css",
  "./vendor/pyodide/pyodide.mjs", "./vendor/pyodide/pyodide.asm.mjs",
  "./vendor/pyodide/pyodide.asm.wasm", "./vendor/pyodide/python_stdlib_app.zip",
  "./vendor/pyodide/pyodide-lock.json",
];
// Used later than start-up (the computer's worker starts on first need; rules open on demand):
// cached at install too, each on its own, so a missing one cannot fail the install.
const LATER = [
  "./vendor/pyodide/snapshot.bin.gz",     // made by build_vendor.sh; web/interpreter.mjs copes without
  "./web/ai_worker.py",
  ...["wythe", "petrify", "stigmergy", "rugpile", "gwyddbwyll"].map((g) => `./web/rules/${g}.html`),
];
const NETWORK_WAIT_MS = 4000;   // then a cached copy beats a hanging network
const SNAPSHOT = new URL("./vendor/pyodide/snapshot.bin.gz", self.location).href;

// Store a response; the Python snapshot is stored unzipped and marked so (the header), so a
// repeat visit skips the unzipping and web/interpreter.mjs reads it in one piece.
async function keep(cache, request, response) {
  const url = typeof request === "string" ? new URL(request, self.location).href : request.url;
  if (url === SNAPSHOT) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    let body = bytes;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      body = await new Response(stream).arrayBuffer();
    }
    response = new Response(body, {headers: {"Content-Type": "application/octet-stream",
                                             "X-Snapshot-Unzipped": "1"}});
  }
  await cache.put(request, response);
}

// Fetched past the browser's HTTP cache (revalidated: a 304 costs a few bytes): GitHub Pages
// sends max-age=600, so a new version's worker would otherwise store the old files it finds
// there, and keep serving them.
async function add(cache, url) {
  const response = await fetch(url, {cache: "no-cache"});
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await keep(cache, url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(CORE.map((u) => add(cache, u)));
    await Promise.all(LATER.map((u) => add(cache, u).catch(() => {})));
    if (DEV) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The page sends {cache: [urls]}: store those not cached yet; answer on the port when done.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.cache) || [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(urls.filter((u) => u.startsWith(SCOPE)).map(async (u) => {
      const key = u.split("#")[0];
      if (!(await cache.match(key))) {
        try { await add(cache, key); } catch (err) { /* gone or offline: skip it */ }
      }
    }));
    if (event.ports[0]) event.ports[0].postMessage("cached");
  })());
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);      // this version's cache only
  const hit = await cache.match(request);
  if (hit) return hit;
  try {
    const response = await fetch(request);
    if (response.ok) keep(cache, request, response.clone()).catch(() => {});
    return response;
  } catch (err) {
    const page = request.mode === "navigate" &&
      (await cache.match("./index.html") || await cache.match("./"));
    if (page) return page;
    throw err;
  }
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then((response) => {
    if (response.ok) cache.put(request, response.clone());
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
    hit = await cache.match("./index.html") || await cache.match("./");
  }
  return hit || network;   // nothing cached: wait for the network after all
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const own = !request.url.startsWith(VENDOR);
  event.respondWith(DEV && own ? networkFirst(request) : cacheFirst(request));
});
