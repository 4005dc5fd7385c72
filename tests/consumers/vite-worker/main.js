import { report } from '../shared/report.js';

report(
  () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }) =>
        data.ok ? resolve(`in a worker: ${data.detail}`) : reject(new Error(data.detail));
      worker.onerror = (e) => reject(new Error(`worker error: ${e.message ?? e}`));
    }),
);
