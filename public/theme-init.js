// Runs before first paint so a reload never flashes the wrong colour mode.
// Mirrors src/storage (key "colorMode", values light | dark | system); the app takes over after boot.
(function () {
  var mode = 'light';
  try {
    var raw = window.localStorage.getItem('colorMode');
    var parsed = raw ? JSON.parse(raw) : null;
    if (parsed === 'light' || parsed === 'dark' || parsed === 'system') mode = parsed;
  } catch {
    /* unreadable: keep the default */
  }
  var dark =
    mode === 'dark' ||
    (mode === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
