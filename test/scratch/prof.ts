import * as core from '../../server/src/core/index';
const n = Number(process.argv[2] ?? 12000);
const text = Array.from({ length: n }, (_, i) => `User-agent: *\nDisallow: /${i}\n\n`).join('');
for (let k = 0; k < 4; k++) {
	const m = core.parse(text);
	const s = performance.now();
	const d = core.computeDiagnostics(m, { ...core.defaultAnalysisOptions, fileName: 'robots.txt' }, 'file:///r');
	console.log(n, (performance.now() - s).toFixed(0), 'ms', d.length);
}
