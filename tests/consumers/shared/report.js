// Browser side of a consumer project: runs `work` and leaves its outcome where
// scripts/test-consumers.mjs reads it (window.tablaResult), and on the page for a person.
export async function report(work) {
  let result;
  try {
    result = { ok: true, detail: await work() };
  } catch (e) {
    result = { ok: false, detail: String(e?.stack ?? e) };
  }
  window.tablaResult = result;
  document.body.textContent = `${result.ok ? 'PASS' : 'FAIL'} ${result.detail}`;
}
