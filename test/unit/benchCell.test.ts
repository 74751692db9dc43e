/**
 * The test bench's packed cell, the wire format between the core (which packs a decision) and the bench's webview
 * (which reads it): every reason, verdict and line the core can pack reads back through the protocol module's one
 * decoder as the format documented in core/protocol.ts says (bit 0 the verdict, bits 1-3 the reason, the rest the line
 * plus one), and through the core's own reading of it.
 */

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { crawlerReasons, packDecision, protocol, unpackDecision } from '../../core/src/index';

/** The lines a cell can name: none, the first few, around the bit boundaries, and the largest the format holds. */
const lines = [-1, 0, 1, 2, 14, 15, 16, 254, 255, 4095, 65_535, 1_000_000, 2 ** 27 - 2];

describe('the bench cell', () => {
	test('every reason, verdict and line packs as documented and reads back through the shared decoder', () => {
		assert.ok(crawlerReasons.length > 1 && crawlerReasons.length <= 8, `${crawlerReasons.length} reasons fit in three bits`);
		let checked = 0;
		crawlerReasons.forEach((reason, index) => {
			for (const verdict of ['allow', 'disallow'] as const) {
				for (const line of lines) {
					const cell = packDecision(verdict, reason, line);
					// The documented layout, in arithmetic: (line + 1) × 16 + reason × 2 + verdict.
					assert.equal(cell, (line + 1) * 16 + index * 2 + (verdict === 'allow' ? 1 : 0), `${verdict} ${reason} ${line}`);
					assert.ok(cell >= 0, 'a tested cell is never -1, the mark of a row that cannot be tested');
					assert.deepEqual(protocol.unpackBenchCell(cell), { allow: verdict === 'allow', reason: index, line });
					assert.equal(protocol.benchCellAllows(cell), verdict === 'allow');
					assert.equal(protocol.benchCellLine(cell), line);
					assert.equal(protocol.packBenchCell(verdict === 'allow', index, line), cell);
					assert.deepEqual(unpackDecision(cell), { verdict, reason, line });
					checked++;
				}
			}
		});
		assert.equal(checked, crawlerReasons.length * 2 * lines.length);
	});

	test('a verdict changed against the baseline only between two tested cells of different verdicts', () => {
		const allow = packDecision('allow', 'rule', 3);
		const disallow = packDecision('disallow', 'rule', 3);
		const otherLine = packDecision('allow', 'no-matching-rule', -1);
		assert.equal(protocol.benchVerdictChanged(allow, disallow), true);
		assert.equal(protocol.benchVerdictChanged(disallow, otherLine), true);
		assert.equal(protocol.benchVerdictChanged(allow, otherLine), false, 'the same verdict by another reason is no change');
		assert.equal(protocol.benchVerdictChanged(-1, disallow), false);
		assert.equal(protocol.benchVerdictChanged(allow, -1), false);
	});
});
