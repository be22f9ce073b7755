// Runs synchronously before first paint: applies the stored theme and font (keys prefixed by environment).
(function () {
  try {
    var env = 'staging';
    var theme = localStorage.getItem(env + '_theme') || 'light';
    var font = localStorage.getItem(env + '_font') || 'inter';
    var root = document.documentElement;
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
    root.classList.toggle('brand', theme === 'brand');
    root.dataset.theme = theme;
    if (font === 'inter' || font === 'manrope' || font === 'system') root.dataset.font = font;
  } catch (e) {}
})();
