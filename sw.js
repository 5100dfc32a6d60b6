// The page's service worker, written by `skat web-build` (see docs/web.md, "Offline play"): after the
// first visit the page, the game archive and the runtime come from this build's cache, so the game
// starts without a network.  Each build has its own cache ("skat-" + its id).
//
// Installing keeps the page's own small files at once.  The runtime (megabytes) is kept only once the
// game has started (the page says so), so the first visit on a slow line does not download it twice
// at the same time; until then a new build takes the runtime files an older build's cache already has.
// A new build's worker takes over at once and deletes the other caches.
"use strict";

// Written by skat.webbuild: id (the build), files (the page's own, relative to this file), later (the
// runtime: relative, or absolute on pygbag's CDN), prefixes (absolute addresses whose answers are kept).
const BUILD = SKAT_BUILD;
const CACHE = "skat-" + BUILD.id;

function older(url) {
    return caches.keys().then(function (names) {
        return names.filter(function (name) {
            return name.startsWith("skat-") && name !== CACHE;
        }).reduce(function (found, name) {
            return found.then(function (hit) {
                return hit || caches.open(name).then(function (cache) {
                    return cache.match(url);
                });
            });
        }, Promise.resolve(undefined));
    });
}

self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
        const carried = BUILD.later.map(function (url) {
            return older(new URL(url, self.location.href).href).then(function (hit) {
                return hit ? cache.put(url, hit) : null;
            });
        });
        return Promise.all([cache.addAll(BUILD.files), ...carried]);
    }).then(function () {
        return self.skipWaiting();
    }));
});

self.addEventListener("activate", function (event) {
    event.waitUntil(caches.keys().then(function (names) {
        return Promise.all(names.filter(function (name) {
            return name.startsWith("skat-") && name !== CACHE;
        }).map(function (name) {
            return caches.delete(name);
        }));
    }).then(function () {
        return self.clients.claim();
    }));
});

// The game has started: keep the runtime (mostly from the browser's HTTP cache by now).  A CDN that
// refuses or is out of reach must not undo what is kept; the page hears when it is done.
self.addEventListener("message", function (event) {
    if (!event.data || event.data.type !== "skat-started") {
        return;
    }
    const source = event.source;
    event.waitUntil(caches.open(CACHE).then(function (cache) {
        return Promise.allSettled(BUILD.later.map(function (url) {
            return fetch(url, {mode: "cors", credentials: "omit"}).then(function (response) {
                return response.ok ? cache.put(url, response) : null;
            });
        }));
    }).then(function (results) {
        const kept = results.filter(function (result) {
            return result.status === "fulfilled";
        }).length;
        if (source) {
            source.postMessage({type: "skat-kept", build: BUILD.id, kept: kept, of: BUILD.later.length});
        }
    }));
});

function kept(url) {
    return url.startsWith(self.registration.scope) || BUILD.prefixes.some(function (prefix) {
        return url.startsWith(prefix);
    });
}

// Cache first, within this build: the page, its archive and its runtime always belong together.
// What is not in the cache yet comes from the network and is kept.
self.addEventListener("fetch", function (event) {
    const request = event.request;
    if (request.method !== "GET" || !kept(request.url)) {
        return;
    }
    const navigation = request.mode === "navigate";
    event.respondWith(caches.open(CACHE).then(function (cache) {
        // The page's address may carry ?deal=CODE: it is the same page.
        return cache.match(navigation ? "./" : request, {ignoreSearch: navigation}).then(function (hit) {
            return hit || fetch(request).then(function (response) {
                if (response.ok || response.type === "opaque") {
                    cache.put(request, response.clone());
                }
                return response;
            });
        });
    }));
});
