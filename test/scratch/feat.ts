import * as core from '../../server/src/core/index';
const which = process.argv[2]; const feature = process.argv[3];
const text = which === 'ua200k' ? Array.from({ length: 200000 }, (_, i) => `User-agent: bot${i}\n`).join('') + 'Disallow: /\n' : Array.from({ length: Number(which) }, (_, i) => `User-agent: *\nDisallow: /${i}\n\n`).join('');
for (let k = 0; k < 5; k++) {
	const m = core.parse(text);
	const s = performance.now();
	const r = feature === 'symbols' ? core.computeDocumentSymbols(m) : feature === 'folding' ? core.computeFoldingRanges(m) : core.formatDocument(m, undefined, { insertFinalNewline: true });
	const t = performance.now() - s;
	const s2 = performance.now(); const json = JSON.stringify(r); const t2 = performance.now() - s2;
	console.log(feature, t.toFixed(0), 'ms; json', (json.length / 1e6).toFixed(1), 'MB in', t2.toFixed(0), 'ms');
}
