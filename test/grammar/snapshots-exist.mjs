// vscode-tmgrammar-snap writes a missing .snap and passes; in CI a missing snapshot must fail instead.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const folder = new URL('./snap/', import.meta.url).pathname;
const missing = readdirSync(folder).filter((name) => name.endsWith('.robots.txt') && !existsSync(join(folder, name + '.snap')));
if (missing.length > 0 && process.env.CI) {
	console.error(`missing grammar snapshots (run npm run test:grammar locally and commit them): ${missing.join(', ')}`);
	process.exit(1);
}
