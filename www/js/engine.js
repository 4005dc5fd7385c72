// Loads the wasm package (www/pkg, built by scripts/build.sh) once, for every board on the page.
let loading = null;

/** Resolves to the package module ({ Backgammon, RussianDraughts, ... }) after init. */
export function loadEngine() {
  if (!loading) {
    loading = (async () => {
      // index.js picks the SIMD build or the plain one, whichever this browser runs.
      const url = new URL('../pkg/index.js', import.meta.url);
      const mod = await import(url.href);
      await mod.default();
      return mod;
    })();
    loading.catch(() => {
      loading = null;
    }); // allow a retry after a failure
  }
  return loading;
}

/** Which computer opponents the package offers (the AI methods arrive later). */
export function aiSupport(mod) {
  return {
    backgammon: !!(mod?.Backgammon && typeof mod.Backgammon.prototype.bestPlay === 'function'),
    draughts: !!(mod?.RussianDraughts && typeof mod.RussianDraughts.prototype.bestMove === 'function'),
  };
}
