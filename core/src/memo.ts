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
