/**
 * Values computed once per immutable object (a model, mostly) and key: the entries live as long as the object, so a
 * memo of an edited file's old model goes with it and none goes stale (models are immutable).
 */
export class ObjectMemo<O extends object, K, V> {
	private readonly byObject = new WeakMap<O, Map<K, V>>();

	/** The value for `object` and `key`, computed by `compute` the first time. */
	get(object: O, key: K, compute: () => V): V {
		let byKey = this.byObject.get(object);
		if (!byKey) {
			byKey = new Map();
			this.byObject.set(object, byKey);
		}
		let value = byKey.get(key);
		if (value === undefined && !byKey.has(key)) {
			value = compute();
			byKey.set(key, value);
		}
		return value as V;
	}
}

/**
 * Values remembered per string key, at most `capacity` of them: when full, the memo is emptied and fills again, so an
 * input of ever-new keys costs one computation each and no more memory (a log names a few hosts, headers and addresses
 * a million times). Keys are kept as copies that hold no other string alive (`ownCopy`).
 */
export class BoundedMemo<V> {
	private readonly known = new Map<string, V>();

	constructor(private readonly capacity: number) {}

	/** The value for `key`, computed by `compute` unless remembered. */
	get(key: string, compute: (key: string) => V): V {
		const known = this.known.get(key);
		if (known !== undefined || this.known.has(key)) {
			return known as V;
		}
		const value = compute(key);
		if (this.known.size >= this.capacity) {
			this.known.clear();
		}
		this.known.set(ownCopy(key), value);
		return value;
	}

	/** Forgets every value (what they were computed from has changed). */
	clear(): void {
		this.known.clear();
	}
}

/**
 * A copy of `text` that keeps no other string alive, for a key a memo keeps: a string sliced from a larger one (a line
 * of a 64 KiB chunk read from a file) holds the whole of it in V8, so a thousand remembered hosts would hold a
 * thousand chunks. A concatenation is flattened into a string of its own when it is cut, and the cut refers to that
 * one only (three times as fast as a round trip through JSON, which also builds its strings anew).
 */
export function ownCopy(text: string): string {
	return ` ${text}`.slice(1);
}
