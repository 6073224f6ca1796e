/* The offline app: on install, caches every file of the site; then answers from the cache first, so that
   the whole site opens with no network after one visit. The version changes with the content. */
"use strict";
var VERSION = "ruling-__VERSION__";
var FILES = __FILES__;
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(VERSION).then(function (cache) { return cache.addAll(FILES); }).then(function () { return self.skipWaiting(); }));
});
self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== VERSION; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});
self.addEventListener("fetch", function (event) {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(VERSION).then(function (cache) {
    return cache.match(event.request, { ignoreSearch: true }).then(function (hit) {
      return hit || fetch(event.request).then(function (response) {
        if (response.ok && new URL(event.request.url).origin === self.location.origin) cache.put(event.request, response.clone());
        return response;
      });
    });
  }));
});
