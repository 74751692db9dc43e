import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '../../server/src/core/index';
const text = new TextDecoder().decode(readFileSync(join(__dirname, '../../../../shared/corpus/realworld/files/0932.txt')));
const o = { ...core.defaultAnalysisOptions, fileName: 'robots.txt' };
const doc = new core.RobotsDocument(text, 0);
const session = core.createDiagnosticsSession();
session.diagnostics(doc.model, o, 'file:///r');
const at = doc.model.lineCount >> 1;
const samples: number[] = []; const cpu: number[] = [];
for (let k = 0; k < 200; k++) {
	const ch = doc.model.lines[at].length;
	const c0 = process.cpuUsage(); const s = performance.now();
	doc.update([{ range: { start: { line: at, character: ch }, end: { line: at, character: ch } }, text: 'x' }], 0);
	session.diagnostics(doc.model, o, 'file:///r');
	samples.push(performance.now() - s); cpu.push((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000);
}
samples.sort((a, b) => a - b);
cpu.sort((a, b) => a - b); console.log("wall p50", samples[100].toFixed(1), "p95", samples[190].toFixed(1), "cpu p50", cpu[100].toFixed(1), "p95", cpu[190].toFixed(1));
