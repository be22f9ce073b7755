/* global window, document */
// Runs synchronously before first paint (an external file: the CSP forbids inline script). Applies the stored
// theme, font and table density to <html>, with the same rules as src/lib/preferences (keys prefixed by the
// environment, `staging_` in this build; unknown values fall back to the defaults), and preloads the selected
// font's file, whose hashed name the build writes on this script's tag (data-font-<name>, build/pages.ts).
(function () {
  var root = document.documentElement;
  // index.html carries the build's environment label (vite.config.ts writes it, default staging, as src/lib/env.ts).
  var env = root.getAttribute('data-env');
  var prefix = env && env.charAt(0) !== '%' ? env : 'staging';
  function read(name, allowed) {
    var value = null;
    try {
      value = localStorage.getItem(prefix + '_' + name);
    } catch {
      // Storage unavailable (privacy mode): defaults.
    }
    return allowed.indexOf(value) >= 0 ? value : allowed[0];
  }
  var theme = read('theme', ['light', 'dark', 'system', 'brand']);
  var font = read('font', ['inter', 'manrope', 'system']);
  var density = read('table_density', ['comfortable', 'compact']);
  var prefersDark = false;
  try {
    prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    // No matchMedia: light.
  }
  root.classList.toggle('dark', theme === 'dark' || (theme === 'system' && prefersDark));
  root.classList.toggle('brand', theme === 'brand');
  root.setAttribute('data-theme', theme);
  root.setAttribute('data-font', font);
  root.setAttribute('data-density', density);
  var script = document.currentScript;
  var fontFile = script && script.getAttribute('data-font-' + font);
  if (fontFile) {
    var preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'font';
    preload.type = 'font/woff2';
    preload.crossOrigin = 'anonymous';
    preload.href = fontFile;
    document.head.appendChild(preload);
  }
})();
