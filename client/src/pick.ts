// What Enter takes in a picker whose list only suggests (pickOrType in testUrl.ts): pure, so that a unit test holds it.

/** What the picker knows when Enter is pressed. */
interface PickState {
	/** The text in the input, trimmed. */
	readonly typed: string;
	/** The label of the item VS Code reports as selected, if any. */
	readonly selected: string | undefined;
	/**
	 * The label of the item the highlight last moved to after the text last changed, if it moved. The highlight VS Code
	 * puts on the item that equals the text counts as not moved.
	 */
	readonly highlighted: string | undefined;
}

/**
 * The value to test: what was typed or pasted, unless the user moved the highlight to another item since; with nothing
 * typed, the item selected (the most recent URL, the first crawler). Never the item VS Code reports selected on its
 * own while the text changes: Enter pressed right after a paste arrives before the list is filtered again, and the
 * item it names then belongs to the old list (the list's items are named by position, so even another item of it).
 */
export function pickedValue(state: PickState): string | undefined {
	if (state.typed === '') {
		return state.selected;
	}
	if (state.highlighted !== undefined && state.highlighted !== state.typed) {
		return state.highlighted;
	}
	return state.typed;
}
