/**
 * Distinct values counted in fixed memory, and merged: a HyperLogLog sketch (Flajolet, Fusy, Gandouet, Meunier,
 * "HyperLogLog: the analysis of a near-optimal cardinality estimation algorithm", 2007) of 2^12 registers, with its
 * linear counting for small counts (exact in practice below a few hundred: 7 distinct values read 7). A sketch of the
 * union of two sets is the register-wise maximum of theirs, so shard reports merge. Its standard error is 1.04/√4096,
 * about 1.6 %.
 */

import { decodeBase64, encodeBase64 } from '../base64';

/** Registers are indexed by the hash's top `indexBits` bits. */
const indexBits = 12;
const registerCount = 1 << indexBits;
/** The bias correction of the raw estimate for 2^12 registers (the paper's α_m = 0.7213 / (1 + 1.079 / m)). */
const alpha = 0.7213 / (1 + 1.079 / registerCount);
const two32 = 2 ** 32;
/** The largest rank: the remaining 20 bits all zero. */
const maximumRank = 33 - indexBits;
/** Up to this many set registers, a sketch is written sparse (3 bytes each); beyond, dense (a byte each). */
const sparseMaximum = registerCount / 4;

/** A 32-bit hash of a string's UTF-16 code units: FNV-1a, then MurmurHash3's finaliser to spread every bit. */
function hash32(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
	}
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

/** An estimate of how many distinct strings were added. */
export class DistinctSketch {
	private constructor(private readonly registers: Uint8Array) {}

	static empty(): DistinctSketch {
		return new DistinctSketch(new Uint8Array(registerCount));
	}

	/** A sketch read back from `serialize`, or undefined when the text is not one. */
	static deserialize(text: string): DistinctSketch | undefined {
		const bytes = decodeBase64(text);
		if (bytes === undefined) {
			return undefined;
		}
		let registers = bytes.slice();
		if (bytes.length !== registerCount) {
			// Sparse: (index high byte, index low byte, rank) for each register that is set.
			if (bytes.length % 3 !== 0 || bytes.length / 3 > sparseMaximum) {
				return undefined;
			}
			registers = new Uint8Array(registerCount);
			for (let at = 0; at < bytes.length; at += 3) {
				const index = (bytes[at] << 8) | bytes[at + 1];
				if (index >= registerCount || bytes[at + 2] === 0) {
					return undefined;
				}
				registers[index] = bytes[at + 2];
			}
		}
		return registers.some((rank) => rank > maximumRank) ? undefined : new DistinctSketch(registers);
	}

	add(value: string): void {
		const h = hash32(value);
		const index = h >>> (32 - indexBits);
		// The rank: the position of the first 1 bit in the remaining bits, 1-based (all zeros: their count + 1).
		const rest = (h << indexBits) >>> 0;
		const rank = rest === 0 ? maximumRank : Math.clz32(rest) + 1;
		if (rank > this.registers[index]) {
			this.registers[index] = rank;
		}
	}

	/** Adds another sketch's values to this one. */
	merge(other: DistinctSketch): void {
		for (let i = 0; i < registerCount; i++) {
			if (other.registers[i] > this.registers[i]) {
				this.registers[i] = other.registers[i];
			}
		}
	}

	/** The estimated number of distinct values, rounded. */
	estimate(): number {
		let sum = 0;
		let zeros = 0;
		for (const rank of this.registers) {
			sum += 2 ** -rank;
			if (rank === 0) {
				zeros++;
			}
		}
		const raw = (alpha * registerCount * registerCount) / sum;
		if (raw <= 2.5 * registerCount && zeros > 0) {
			// Small range: linear counting over the empty registers.
			return Math.round(registerCount * Math.log(registerCount / zeros));
		}
		// Large range: correct for collisions of the 32-bit hash.
		return Math.round(raw <= two32 / 30 ? raw : -two32 * Math.log(1 - raw / two32));
	}

	/**
	 * The registers in base64, for a report that merges later: dense (4 096 bytes) or, while at most a quarter are
	 * set, sparse (3 bytes for each set register), which the length tells apart.
	 */
	serialize(): string {
		let set = 0;
		for (const rank of this.registers) {
			set += rank === 0 ? 0 : 1;
		}
		if (set > sparseMaximum) {
			return encodeBase64(this.registers);
		}
		const sparse = new Uint8Array(set * 3);
		let at = 0;
		for (let index = 0; index < registerCount; index++) {
			if (this.registers[index] !== 0) {
				sparse[at++] = index >> 8;
				sparse[at++] = index & 0xff;
				sparse[at++] = this.registers[index];
			}
		}
		return encodeBase64(sparse);
	}
}
