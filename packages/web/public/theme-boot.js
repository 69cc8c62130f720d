// Applies the saved theme before the first paint, so a dark page never flashes white. A file of its
// own rather than an inline script: the Content-Security-Policy allows scripts from the app only.
(() => {
  try {
    const mode = localStorage.getItem('themeMode');
    const dark = mode === 'dark' || (mode !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch {}
})();
