/**
 * Host names in their ASCII form (IDNA's ToASCII, as browsers send them): each label with a character outside ASCII
 * becomes `xn--` and its Punycode (RFC 3492), so that `bücher.example` and `xn--bcher-kva.example` name one host.
 * Labels are lower-cased first; the full UTS #46 mapping is not applied (docs/semantics.md says why that is enough).
 */

const base = 36;
const tMin = 1;
const tMax = 26;
const skew = 38;
const damp = 700;
const initialBias = 72;
const initialN = 128;

function digit(value: number): string {
	// 0-25 are a-z, 26-35 are 0-9.
	return String.fromCharCode(value < 26 ? 97 + value : 22 + value);
}

function adapt(delta: number, points: number, first: boolean): number {
	let d = first ? Math.floor(delta / damp) : delta >> 1;
	d += Math.floor(d / points);
	let k = 0;
	while (d > ((base - tMin) * tMax) >> 1) {
		d = Math.floor(d / (base - tMin));
		k += base;
	}
	return k + Math.floor(((base - tMin + 1) * d) / (d + skew));
}

/** The Punycode of a label's code points (RFC 3492 §6.3), without the `xn--` prefix. */
function punycode(label: string): string {
	const points = Array.from(label, (character) => character.codePointAt(0)!);
	let output = points.filter((point) => point < 0x80).map((point) => String.fromCharCode(point)).join('');
	const basic = output.length;
	let handled = basic;
	if (basic > 0) {
		output += '-';
	}
	let n = initialN;
	let delta = 0;
	let bias = initialBias;
	while (handled < points.length) {
		let next = Infinity;
		for (const point of points) {
			if (point >= n && point < next) {
				next = point;
			}
		}
		delta += (next - n) * (handled + 1);
		n = next;
		for (const point of points) {
			if (point < n) {
				delta++;
			}
			if (point === n) {
				let q = delta;
				for (let k = base; ; k += base) {
					const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
					if (q < t) {
						break;
					}
					output += digit(t + ((q - t) % (base - t)));
					q = Math.floor((q - t) / (base - t));
				}
				output += digit(q);
				bias = adapt(delta, handled + 1, handled === basic);
				delta = 0;
				handled++;
			}
		}
		delta++;
		n++;
	}
	return output;
}

/** The ASCII form of a host name: lower case, and `xn--` labels for labels outside ASCII. */
export function toAsciiHost(host: string): string {
	const lower = host.toLowerCase();
	// Most hosts are ASCII already.
	if (!/[^\x00-\x7f]/.test(lower)) {
		return lower;
	}
	return lower.split('.').map((label) => (/[^\x00-\x7f]/.test(label) ? `xn--${punycode(label)}` : label)).join('.');
}
