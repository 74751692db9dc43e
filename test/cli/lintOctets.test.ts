/**
 * `robots-txt lint` on a file written in Latin-1: the CLI reads the file's bytes as crawlers receive them, so each raw
 * byte is one octet of Google's line limit (robots.cc keeps kMaxLineLen - 1 = 2083 * 8 - 1 = 16 663 octets of a line).
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, workFolder } from './cliProcess';

describe('robots-txt lint counts octets as crawlers receive them', () => {
	test('line-too-long on a Disallow line of 17 000 raw Latin-1 bytes is at the 16 664th octet', () => {
		const work = workFolder('robots-octets-');
		const line = `Disallow: /${'\xe9'.repeat(17_000 - 'Disallow: /'.length)}`;
		writeFileSync(join(work, 'robots.txt'), Buffer.from(`User-agent: *\n${line}\n`, 'latin1'));
		const result = runCli(['lint', '--format', 'json', 'robots.txt'], { cwd: work });
		const findings = (JSON.parse(result.stdout) as Array<{ code: string; line: number; column: number }>).filter((d) => d.code === 'line-too-long');
		// One octet per byte: octet 16 664 is byte 16 664 of line 2, column 16 664 (1-based, as the CLI prints).
		assert.deepEqual(
			findings.map((d) => [d.line, d.column]),
			[[2, 16_664]],
		);
	});
});
