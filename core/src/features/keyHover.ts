/**
 * The hover on a directive key: what it does, who reads it and where it is specified, and how the enabled dialects
 * read this very line where that is not simply "as the directive".
 */

import type { Dialect } from '../dialect';
import { directiveDocs } from '../facts/directiveDocs';
import { canonicalName, type DirectiveId } from '../facts/directives';
import { t } from '../l10n';
import type { AnalysisOptions } from '../options';
import type { LineNode } from '../syntax/ast';
import { lineRole, type RobotsModel } from '../syntax/parser';
import { code, directiveOf, mergeNotes, type Readers } from './hoverWords';
import { describePattern } from './patternHover';

export function keyHover(model: RobotsModel, line: number, node: LineNode, dialects: readonly Dialect[], options: AnalysisOptions, readers: Readers): string {
	const key = model.keyText(line);
	const id = directiveOf(node);
	if (!id) {
		const known = options.knownDirectives.some((name) => name.toLowerCase() === key.toLowerCase());
		const out = [
			`**${t('Unknown key')}** ${code(key)}`,
			'',
			t('No dialect reads it, so crawlers ignore the line: RFC 9309 §2.2.4 says other records must not interfere with groups.')
				+ (dialects.includes('yandex') ? ' ' + t("Yandex's parser still lets it separate `User-agent` lines.") : ''),
		];
		if (known) {
			out.push('', t('It is listed in the `robotsTxt.knownDirectives` setting, so it is not reported.'));
		}
		return out.join('\n').trimEnd();
	}
	const doc = directiveDocs[id];
	const canonical = canonicalName(id);
	const out = [`**${canonical}**`, '', doc.summary, '', '```robots-txt', doc.syntax, '```', '', `**${t('Read by:')}** ${doc.readBy}`];
	const notes = readingNotes(model, line, node, id, dialects, readers);
	if ((id === 'allow' || id === 'disallow') && model.valueText(line) === '') {
		const readersOfLine = dialects.filter((dialect) => lineRole(node, dialect) === id);
		notes.push(
			...mergeNotes(
				readersOfLine.map((dialect) => ({ dialect, text: describePattern('', id === 'allow', dialect, []) })),
				readers,
			),
		);
	}
	if (notes.length > 0) {
		out.push('', ...notes.map((note) => `- ${note}`));
	}
	out.push('', `**${t('Sources:')}** ${doc.sources.join(' · ')}`);
	return out.join('\n');
}

/** How the enabled dialects read this very line, where that is not simply "as the directive". */
function readingNotes(
	model: RobotsModel,
	line: number,
	node: LineNode,
	id: Exclude<DirectiveId, 'unknown'>,
	dialects: readonly Dialect[],
	readers: Readers,
): string[] {
	const notes: string[] = [];
	const key = model.keyText(line);
	const strictReaders = dialects.filter((dialect) => dialect !== 'google');
	if (node.directive !== id && dialects.includes('google') && node.googleDirective === id) {
		const canonical = canonicalName(id);
		let how: string;
		if (node.kind === 'text') {
			how = t('Google reads this line without a colon as {0}, because it has exactly two words.', code(canonical));
		} else if (key.toLowerCase().startsWith(canonical.toLowerCase())) {
			how = t('Google reads {0} as {1}: it matches keys by their beginning.', code(key), code(canonical));
		} else {
			how = t('Google reads {0} as {1}: it accepts this misspelling.', code(key), code(canonical));
		}
		const names = readers.names(strictReaders);
		const others = strictReaders.length > 0 ? ' ' + (readers.many(strictReaders) ? t('{0} ignore the line.', names) : t('{0} ignores the line.', names)) : '';
		notes.push(how + others);
	}
	if (id === 'allow' && dialects.includes('original1994')) {
		notes.push(t('The 1994 standard has no `Allow`: its robots ignore the line.'));
	}
	return notes;
}
