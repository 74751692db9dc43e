// Runs the extension-host suite (test/e2e/suite) in code-server through @vscode/test-electron and codeServerShim,
// as part of `npm run test:e2e`; the suite's own output is passed through.
import { test } from 'node:test';
import { ensureCodeServer } from '../../scripts/codeServer';
import { shimExecutable } from './codeServerShim';
import { runExtensionTests } from './runTest';

test('the extension-host suite passes in code-server', { timeout: 600_000 }, async () => {
	ensureCodeServer();
	await runExtensionTests(shimExecutable());
});
