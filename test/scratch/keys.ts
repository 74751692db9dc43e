import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '../../server/src/core/index';
const which = process.argv[2];
const text = which === '0932' ? new TextDecoder().decode(readFileSync(join(__dirname, '../../../../shared/corpus/realworld/files/0932.txt')))
	: Array.from({ length: Number(which) }, (_, i) => `User-agent: *\nDisallow: /${i}\n\n`).join('');
const o = { ...core.defaultAnalysisOptions, fileName: 'robots.txt' };
const doc = new core.RobotsDocument(text, 0);
const session = core.createDiagnosticsSession();
let s = performance.now();
session.diagnostics(doc.model, o, 'file:///r');
console.log('cold', (performance.now() - s).toFixed(0));
const mid = doc.model.lineCount >> 1;
const line = (() => { for (let l = mid; ; l++) if (doc.model.lines[l].directive === 'disallow') return l; })();
const ua = (() => { for (let l = mid; l < doc.model.lineCount; l++) if (doc.model.lines[l].directive === "user-agent") return l; return 0; })();
for (const [label, at, txt] of [['char in rule', line, 'x'], ['char in UA', ua, 'x'], ['newline', line, '\n']] as const) {
	const samples: number[] = [];
	for (let k = 0; k < 60; k++) {
		const ch = doc.model.lines[at].length;
		s = performance.now();
		doc.update([{ range: { start: { line: at, character: ch }, end: { line: at, character: ch } }, text: txt }], 0);
		session.diagnostics(doc.model, o, 'file:///r');
		samples.push(performance.now() - s);
		const end = txt === '\n' ? { line: at + 1, character: 0 } : { line: at, character: ch + 1 };
		s = performance.now();
		doc.update([{ range: { start: { line: at, character: ch }, end }, text: '' }], 0);
		session.diagnostics(doc.model, o, 'file:///r');
		samples.push(performance.now() - s);
	}
	samples.sort((a, b) => a - b);
	console.log(label, 'p50', samples[samples.length >> 1].toFixed(1), 'p95', samples[Math.floor(samples.length * 0.95)].toFixed(1));
}
