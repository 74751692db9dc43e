import * as core from '../../server/src/core/index';
const text = Array.from({ length: 50000 }, (_, i) => `User-agent: *\nDisallow: /${i}\n\n`).join('');
for (let k = 0; k < 5; k++) {
	const m = core.parse(text);
	const out: string[] = [];
	for (const d of core.allDialects) { const s = performance.now(); m.grouping(d); out.push(`${d} ${(performance.now() - s).toFixed(1)}`); }
	let s = performance.now(); core.formatDocument(m, undefined, {}); out.push(`format(after groupings) ${(performance.now() - s).toFixed(1)}`);
	s = performance.now(); core.computeDocumentSymbols(m); out.push(`symbols ${(performance.now() - s).toFixed(1)}`);
	s = performance.now(); core.computeFoldingRanges(m); out.push(`folding ${(performance.now() - s).toFixed(1)}`);
	console.log(out.join(', '));
}
