import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import * as core from '../../server/src/core/index';
const corpus = join(__dirname, '../../../../shared/corpus/realworld/files');
const h = createHash('sha256'); let worst = 0; let wn = '';
for (const n of readdirSync(corpus).filter((f) => f.endsWith('.txt')).sort()) {
	const m = core.parse(new TextDecoder().decode(readFileSync(join(corpus, n))));
	const d = core.computeDiagnostics(m, core.defaultAnalysisOptions, 'file:///r');
	const s = performance.now();
	const whole = { start: { line: 0, character: 0 }, end: { line: m.lineCount, character: 0 } };
	const ca = (core.computeCodeActions as any).length === 4 ? (core.computeCodeActions as any)(whole, d, d, 'file:///r') : (core.computeCodeActions as any)(m, whole, d, core.defaultAnalysisOptions, 'file:///r');
	const t = performance.now() - s; if (t > worst) { worst = t; wn = n; }
	h.update(JSON.stringify(ca));
}
console.log(h.digest('hex'), 'worst', worst.toFixed(0), wn);
