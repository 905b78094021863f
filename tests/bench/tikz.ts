// `pnpm bench` (after `pnpm build`): TikZ → SVG through POST /api/render-tikz of the built server, as the task
// editor's preview calls it. Prints the cold render (worker thread started on first use, TeX loaded), a warm
// render of another picture, a cached repeat (SHA-256 of the source, no TeX), a pgfplots plot, and how long a
// never-ending macro holds the renderer (TIKZ_TIMEOUT_MS, set to 3 s here) before the next render works.
// Not a timed test: it prints figures.
import { removeDir, startServer } from '../e2e/helpers/server';

const picture = (n: number) =>
  `\\begin{tikzpicture}\\draw[->] (0,0) -- (${n},0) node[right] {$x$};\\draw (0,0) circle (1) node {Kreis ${n}};\\end{tikzpicture}`;
const PLOT =
  '\\usepackage{pgfplots}\\begin{document}\\begin{tikzpicture}\\begin{axis}\\addplot {x^2};\\end{axis}\\end{tikzpicture}\\end{document}';

const server = await startServer({ env: { TIKZ_TIMEOUT_MS: '3000' } });
try {
  const session = await fetch(`${server.url}/api/demo/session`, { method: 'POST' });
  const { access_token: token } = (await session.json()) as { access_token: string };

  async function render(
    tikzCode: string,
  ): Promise<{ ms: number; status: number; cache: string; bytes: number }> {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/render-tikz`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tikzCode }),
    });
    const body = await res.text();
    return {
      ms: performance.now() - started,
      status: res.status,
      cache: res.headers.get('x-tikz-cache') ?? '-',
      bytes: body.length,
    };
  }

  const line = (label: string, r: Awaited<ReturnType<typeof render>>) =>
    console.log(
      `  ${label.padEnd(38)} ${r.ms.toFixed(0).padStart(6)} ms  ${r.status} cache=${r.cache} ${r.bytes} B`,
    );

  console.log('TikZ rendering (POST /api/render-tikz, built server):');
  line('cold (worker start + TeX)', await render(picture(1)));
  const warm: number[] = [];
  for (let i = 2; i <= 6; i++) {
    const r = await render(picture(i));
    warm.push(r.ms);
    if (i === 2) line('warm, another picture', r);
  }
  warm.sort((a, b) => a - b);
  console.log(`  ${'warm, median of 5 pictures'.padEnd(38)} ${warm[2]!.toFixed(0).padStart(6)} ms`);
  const cached: number[] = [];
  for (let i = 0; i < 20; i++) cached.push((await render(picture(1))).ms);
  cached.sort((a, b) => a - b);
  console.log(`  ${'cached repeat, median of 20'.padEnd(38)} ${cached[10]!.toFixed(1).padStart(6)} ms`);
  line('pgfplots plot', await render(PLOT));
  line('\\def\\a{\\a}\\a (timeout 3 s)', await render('\\def\\a{\\a}\\a'));
  line('next render after the timeout', await render(picture(7)));
} finally {
  await server.stop();
  removeDir(server.dataDir);
}
