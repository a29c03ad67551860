// The service worker: the site and its vendored runtime from a cache, so a repeat visit needs
// no network and the games play offline.
//  - vendor/ (Pyodide, PyScript; pinned by package-lock.json): cache first.
//  - the app's own files (the page, pyscript.toml, engine/ and web/ Python, css, rules):
//    network first, so a new deploy is seen at once; the cache when the network fails.
//  - One cache per VERSION; scripts/build_site.sh stamps VERSION with a hash of the site's
//    files, so a deploy changes this file, the browser installs the new worker, and the
//    old caches are deleted when it activates.
//  - The page (index.html) posts the URLs it loaded (Resource Timing) once this worker
//    controls it, so everything a start-up fetched (hashed PyScript chunks, every module in
//    pyscript.toml) is cached without a list kept here.
// Every URL is relative to this file, so the site works under a sub-path.
const VERSION = "dev";
const CACHE = "abstract-games-" + VERSION;
const PREFIX = "abstract-games-";
const SCOPE = new URL("./", self.location).href;
const VENDOR = new URL("./vendor/", self.location).href;
const CORE = [
  "./", "./index.html", "./pyscript.toml", "./manifest.webmanifest", "./web/style.css",
  "./icons/icon.svg", "./icons/icon-192.png", "./icons/icon-512.png", "./web/interpreter.mjs",
  "./vendor/pyscript/core.js", "./vendor/pyscript/core.css",
  "./vendor/pyodide/pyodide.mjs", "./vendor/pyodide/pyodide.asm.mjs",
  "./vendor/pyodide/pyodide.asm.wasm", "./vendor/pyodide/python_stdlib.zip",
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

// Store a response; the Python snapshot is stored unzipped, so a repeat visit skips the
// unzipping (web/interpreter.mjs takes the snapshot either way).
async function keep(cache, request, response) {
  const url = typeof request === "string" ? new URL(request, self.location).href : request.url;
  if (url === SNAPSHOT) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    let body = bytes;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      body = await new Response(stream).arrayBuffer();
    }
    response = new Response(body, {headers: {"Content-Type": "application/octet-stream"}});
  }
  await cache.put(request, response);
}

async function add(cache, url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await keep(cache, url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(CORE);
    await Promise.all(LATER.map((u) => add(cache, u).catch(() => {})));
    await self.skipWaiting();
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
  const hit = await caches.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) keep(await caches.open(CACHE), request, response.clone()).catch(() => {});
  return response;
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
  event.respondWith(request.url.startsWith(VENDOR) ? cacheFirst(request) : networkFirst(request));
});
