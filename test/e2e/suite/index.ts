// The Mocha runner VS Code's extension host loads as extensionTestsPath: runs every *.test.js in this folder.
// The same file serves desktop VS Code (@vscode/test-electron) and code-server (through codeServerShim).
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Called by the extension host once the workbench and the extension under development are loaded. */
export function run(): Promise<void> {
	const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 30_000 });
	for (const file of readdirSync(__dirname)
		.filter((name) => name.endsWith('.test.js'))
		.sort()) {
		mocha.addFile(join(__dirname, file));
	}
	return new Promise((resolve, reject) => {
		mocha.run((failures) => {
			if (failures > 0) {
				reject(new Error(`${failures} extension test(s) failed`));
			} else {
				resolve();
			}
		});
	});
}
