// The page's service worker, written by `skat web-build` (see docs/web.md, "Offline"): after the first
// visit the page, the game archive and the runtime come from this build's cache, so the game starts
// without a network.  Each build has its own cache ("skat-" + its id); a new build's worker fills its
// cache when it installs and deletes the others when it takes over.
"use strict";

// Written by skat.webbuild: id (the build), files (same origin, relative to this file), remote (the
// runtime on pygbag's CDN, for a CDN build), prefixes (absolute addresses whose answers are kept too).
const BUILD = SKAT_BUILD;
const CACHE = "skat-" + BUILD.id;

self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(CACHE).then(function (cache) {
        // The CDN may refuse or be out of reach: that must not stop the page's own files from being kept.
        const remote = Promise.allSettled(BUILD.remote.map(function (url) {
            return fetch(url, {mode: "cors", credentials: "omit"}).then(function (response) {
                return response.ok ? cache.put(url, response) : null;
            });
        }));
        return Promise.all([cache.addAll(BUILD.files), remote]);
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
