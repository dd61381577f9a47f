// The offline app (issue 24: "the app keeps working offline"): a reload or a new tab opens the app with no
// network, because its pages and code are kept on this device. Registered for a signed-in user
// (src/app/offline/offlineApp.ts). It keeps only the app itself, never the account's data: those stay
// in localStorage (src/storage) and go to the account through /rest/v1, which this worker never answers.
//
// - The build's code (/assets/, hashed names, never changed): kept at install, answered from here first.
// - A page (a navigation): from the network first, so a new build is seen at once; with no network (or the
//   server down), the build's app shell (/index.html, which draws any route on this device's data). One copy
//   per build, not one per address: a caterer opening a thousand event sheets keeps one page, not a thousand.
// - The app's other files (icons, sound) and its public settings (/config.json: the auth service's address and
//   public key): the network first, else the kept copy.
// - Everything else (the auth and data APIs, /version.json, videos): not touched.
//
// `npm run build` writes the build's id and files into the line below (server/assets.ts `stampBuild`): a new
// build is a new worker, which keeps the new files and then drops the old build's.
const OFFLINE = { build: 'unbuilt', files: [] };

const CACHE = `cater-captain-${OFFLINE.build}`;
const SHELL = '/index.html';
const NEVER = /^\/(auth|rest)\//;
const SETTINGS = '/config.json';

// Where the browser may skip this worker (static routes, where it has them): the API calls and the videos go to
// the network, and the build's code comes from the kept files, without this worker's script run for each
// request (full loads measured the same with it as without a worker, docs/performance.md). A browser without
// static routes runs the handler below for the same answers.
const PASS = ['/auth/*', '/rest/*', '/version.json', '/media/tutorials/*'];
const ROUTES = [
  ...PASS.map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'network' })),
  { condition: { urlPattern: { pathname: '/assets/*' } }, source: { cacheName: CACHE } },
];

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes === 'function')
    event.waitUntil(event.addRoutes(ROUTES).catch(() => event.addRoutes(ROUTES.slice(0, PASS.length)).catch(() => {})));
  event.waitUntil(
    caches
      .open(CACHE)
      // The settings too (the page asked for them before this worker was there); a server without them
      // (the app built for hosted Supabase, served as files) does not stop the install.
      .then((cache) => cache.addAll([SHELL, ...OFFLINE.files]).then(() => cache.add(SETTINGS).catch(() => {})))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith('cater-captain-') && name !== CACHE).map((n) => caches.delete(n)),
        ),
      )
      // A page's request starts while this worker starts (the page itself still comes from the network first).
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

/** Keeps a copy of a good, whole, same-origin answer (a full storage keeps none: the network's answer still goes). */
function keep(request, response) {
  if (response.status === 200 && response.type === 'basic' && !response.redirected) {
    const copy = response.clone();
    void caches
      .open(CACHE)
      .then((cache) => cache.put(request, copy))
      .catch(() => {});
  }
  return response;
}

async function codeFirstFromHere(request) {
  const kept = await caches.match(request);
  return kept ?? keep(request, await fetch(request));
}

/** A page: the network's answer (started by navigation preload where there is one), else the app shell. */
async function pageFirstFromNetwork(request, preloaded) {
  try {
    return (await preloaded) ?? (await fetch(request));
  } catch (error) {
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

/** One of the app's other files: the network's answer (its copy kept), else the kept copy. */
async function fileFirstFromNetwork(request) {
  try {
    return keep(request, await fetch(request));
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageFirstFromNetwork(request, event.preloadResponse));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(codeFirstFromHere(request));
  } else if (url.pathname === SETTINGS || OFFLINE.files.includes(url.pathname)) {
    event.respondWith(fileFirstFromNetwork(request));
  }
});
