/**
 * Checks of the file as a whole: its name, whether it is robots.txt at all, its encoding, and the size limits
 * crawlers apply (Google's 500 KiB and 16 663-byte lines, Yandex's 2 048 rules of at most 1 024 characters).
 */

import { listNames } from '../../crawlers/explain';
import { googleMaxLineOctets } from '../../matching/agents';
import { escapedByte, firstEscapedByte } from '../../syntax/bytes';
import { octetCut, octetLength } from '../../syntax/octets';
import type { RobotsModel } from '../../syntax/parser';
import { formatNumber, t } from '../../l10n';
import { shown, type AnyFact, type Check, type CheckEntry, type FileFact, type IdentityCheck } from '../context';
import { replaceSpan } from './edits';

const maxFileOctets = 500 * 1024;
const yandexMaxRules = 2048;
const yandexMaxRuleLength = 1024;

const fileName: Check = (context) => {
	const name = context.options.fileName;
	if (name === undefined || name === 'robots.txt') {
		return;
	}
	context.report({
		code: 'file-name',
		line: 0,
		message:
			name.toLowerCase() === 'robots.txt'
				? t(
						'Crawlers request exactly "/robots.txt" (all lower case); this file is named "{0}": URLs are case-sensitive, so a server on a case-sensitive file system answers 404.',
						shown(name),
					)
				: t('Crawlers request exactly "/robots.txt" (all lower case); this file is named "{0}": crawlers never ask for it.', shown(name)),
	});
};

/** What the content looks like when it is not robots.txt. */
type ForeignContent = 'an HTML page' | 'XML or HTML markup' | 'JSON' | 'UTF-16 text' | 'binary data';

/** What the content looks like when it is not robots.txt (in English words, which the message turns into a sentence). */
function foreignContent(model: RobotsModel): ForeignContent | undefined {
	let sample = '';
	for (let line = 0; line < model.lineCount && sample.length < 2048; line++) {
		sample += model.lineTexts[line];
	}
	const start = sample.replace(/^\uFEFF/, '').trimStart();
	const lower = start.slice(0, 200).toLowerCase();
	if (/^<!doctype\s+html|^<html[\s>]|^<head[\s>]|^<body[\s>]|^<!--/.test(lower) || /<html[\s>]/.test(lower)) {
		return 'an HTML page';
	}
	if (lower.startsWith('<?xml') || /^<[a-z][\w:-]*[\s>]/.test(lower)) {
		return 'XML or HTML markup';
	}
	if (/^[{[]\s*["{[\]}]/.test(start)) {
		return 'JSON';
	}
	// Executables, archives and images by their first bytes, before any guess at a text encoding: an ELF header's NULs
	// read like UTF-16's. A byte that is not UTF-8 is an escape (U+DC80 + byte) or U+FFFD, whichever decoder read it.
	if (binaryMagic.some((magic) => magic.test(start))) {
		return 'binary data';
	}
	// UTF-16 text read as UTF-8: every other code unit is NUL, on one side only, and the other side is text (after the
	// byte order mark, which is not UTF-8 either).
	const body = sample.replace(/^(?:\uFFFD|[\uDCFE\uDCFF]){2}/, '').slice(0, 200);
	const nulAt = [0, 0];
	const printable = [0, 0];
	for (let i = 0; i < body.length; i++) {
		const code = body.charCodeAt(i);
		if (code === 0) {
			nulAt[i % 2]++;
		} else if ((code >= 32 && code < 127) || code === 9 || code === 10 || code === 13) {
			printable[i % 2]++;
		}
	}
	const half = Math.floor(body.length / 2);
	const nulSide = nulAt[0] >= nulAt[1] ? 0 : 1;
	if (body.length >= 4 && nulAt[nulSide] >= 0.9 * half && printable[1 - nulSide] >= 0.8 * half && /[A-Za-z#]/.test(body)) {
		return 'UTF-16 text';
	}
	let control = 0;
	let nul = 0;
	for (let i = 0; i < sample.length; i++) {
		const code = sample.charCodeAt(i);
		if ((code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) || code === 0xfffd) {
			control++;
		}
		if (code === 0) {
			nul++;
		}
	}
	// Text has no control characters to speak of; a stray byte or two is a damaged robots.txt, not a binary one.
	if (sample.length > 0 && (control / sample.length > 0.1 || nul / sample.length > 0.01)) {
		return 'binary data';
	}
	return undefined;
}

const notRobotsTxt: Check = (context) => {
	const what = foreignContent(context.model);
	if (what) {
		context.report({
			code: 'not-robots-txt',
			line: 0,
			message: foreignMessage(what),
		});
	}
};

/**
 * The first bytes of common binary files, as text: ELF executables, gzip, zip, PNG, JPEG, GIF, PDF and Mach-O. A byte
 * that is not UTF-8 may come as its escape (U+DC80 + byte) or as U+FFFD.
 */
const binaryMagic: readonly RegExp[] = [
	/^\x7fELF/,
	/^\x1f(?:\uDC8B|\uFFFD)/,
	/^PK\x03\x04/,
	/^(?:\uDC89|\uFFFD)PNG\r\n\x1a\n/,
	/^(?:\uDCFF|\uFFFD)(?:\uDCD8|\uFFFD)(?:\uDCFF|\uFFFD)/,
	/^GIF8[79]a/,
	/^%PDF-/,
	/^(?:\uDCCF|\uDCCE|\uFFFD)(?:\uDCFA|\uFFFD)\uDCED|^(?:\uDCFE|\uFFFD)\uDCED(?:\uDCFA|\uFFFD)/,
];

/** What a crawler makes of a file that is not robots.txt (HTML, JSON, UTF-16, binary), or undefined for a robots.txt. */
export function foreignContentMessage(model: RobotsModel): string | undefined {
	const what = foreignContent(model);
	return what === undefined ? undefined : foreignMessage(what);
}

/** The message for content that is not robots.txt, one sentence for each kind so that translators see it whole. */
function foreignMessage(what: ForeignContent): string {
	switch (what) {
		case 'UTF-16 text':
			return t('This is UTF-16 text: crawlers read robots.txt as UTF-8 (RFC 9309 §2.3), find no rules in it and may fetch everything. Save it as UTF-8.');
		case 'an HTML page':
			return t('This is an HTML page, not robots.txt (an error page served as /robots.txt?). Crawlers find no rules in it and may fetch everything.');
		case 'XML or HTML markup':
			return t('This is XML or HTML markup, not robots.txt (an error page served as /robots.txt?). Crawlers find no rules in it and may fetch everything.');
		case 'JSON':
			return t('This is JSON, not robots.txt (an error page served as /robots.txt?). Crawlers find no rules in it and may fetch everything.');
		case 'binary data':
			return t('This is binary data, not robots.txt (an error page served as /robots.txt?). Crawlers find no rules in it and may fetch everything.');
	}
}

/** A UTF-8 byte order mark that was read as Windows-1252 or Latin-1 and saved again as UTF-8. */
export const doubleEncodedBom = '\u00EF\u00BB\u00BF';

const byteOrderMark: Check = (context) => {
	const { model } = context;
	const first = model.lineTexts[0];
	const at = first.charCodeAt(0) === 0xfeff ? 1 : 0;
	if (first.startsWith(doubleEncodedBom, at)) {
		const node = model.lines[0];
		// What follows the mark decides whether a directive is lost: a comment or nothing costs nothing.
		const rest = model
			.lineText(0)
			.slice(at + doubleEncodedBom.length)
			.trim();
		const harmless = rest === '' || rest.startsWith('#');
		context.report({
			code: 'byte-order-mark',
			line: 0,
			start: 0,
			end: at + doubleEncodedBom.length,
			severity: harmless ? 'hint' : 'warning',
			message: harmless
				? t(
						'The file starts with a byte order mark that was saved in the wrong encoding (it shows as "{0}"). It is harmless here, but no crawler skips it.',
						shown(doubleEncodedBom),
					)
				: node.kind === 'directive'
					? t(
							'The file starts with a byte order mark that was saved in the wrong encoding (it shows as "{0}"): no crawler skips it, so every crawler reads "{1}" as the first key and ignores the line.',
							shown(doubleEncodedBom),
							shown(model.keyText(0)),
						)
					: t(
							'The file starts with a byte order mark that was saved in the wrong encoding (it shows as "{0}"): no crawler skips it, so every crawler reads "{1}" as the first key and ignores the line (it is not "key: value" either).',
							shown(doubleEncodedBom),
							shown(model.keyText(0)),
						),
			fixes: [{ title: t('Remove the broken byte order mark'), edits: [replaceSpan(0, 0, at + doubleEncodedBom.length, '')], isPreferred: true }],
		});
		return;
	}
	if (at === 0) {
		return;
	}
	// Before a comment or a blank line the mark costs nothing: a robot that does not skip it ignores that line anyway.
	const harmless = model.lines[0].kind === 'comment' || model.lines[0].kind === 'blank';
	context.report({
		code: 'byte-order-mark',
		line: 0,
		start: 0,
		end: 1,
		severity: harmless ? 'hint' : undefined,
		message: harmless
			? t(
					'The file starts with a UTF-8 byte order mark. It is harmless here (the first line holds no directive), but robots that do not skip it read it as part of the first line.',
				)
			: t(
					"The file starts with a UTF-8 byte order mark. Google skips it, but robots that do not (Python's urllib.robotparser among them) read it as part of the first key, so they do not recognise the first directive.",
				),
		fixes: [{ title: t('Remove the byte order mark'), edits: [replaceSpan(0, 0, 1, '')], isPreferred: true }],
	});
};

/** The analysis lists only the first ones: a file in another encoding has them on every other line. */
const maxInvalidUtf8 = 100;

const invalidUtf8: Check = (context) => {
	const { model } = context;
	for (let line = context.from; line < context.to; line++) {
		const text = model.lineTexts[line];
		const replaced = text.indexOf('\uFFFD');
		const raw = firstEscapedByte(text);
		const at = replaced < 0 ? raw : raw < 0 ? replaced : Math.min(replaced, raw);
		if (at >= 0 && at < model.lines[line].length) {
			context.report({
				code: 'invalid-utf8',
				line,
				start: at,
				end: at + 1,
				message:
					at === raw
						? context.many(['google'])
							? t(
									'Bytes that are not valid UTF-8 (the byte 0x{0} here), probably text in another encoding such as Latin-1: RFC 9309 requires UTF-8. {1} percent-encode the raw bytes (%{0}) and match only URLs that carry those bytes, not the characters you meant. Save the file as UTF-8.',
									hexByte(text, at),
									context.whoStarts(['google']),
								)
							: t(
									'Bytes that are not valid UTF-8 (the byte 0x{0} here), probably text in another encoding such as Latin-1: RFC 9309 requires UTF-8. {1} percent-encodes the raw bytes (%{0}) and matches only URLs that carry those bytes, not the characters you meant. Save the file as UTF-8.',
									hexByte(text, at),
									context.whoStarts(['google']),
								)
						: t(
								"Bytes that are not valid UTF-8 (shown as \uFFFD), probably text in another encoding such as Latin-1: RFC 9309 requires UTF-8, and crawlers compare these bytes as they are, not as the characters you meant. The editor decoded them as \uFFFD, so the answers here compare \uFFFD where Google compares the raw bytes (Google percent-encodes each one, e.g. %E9); `robots-txt test` and `robots-txt lint` read the file's bytes as Google does. Save the file as UTF-8.",
							),
			});
		}
	}
};

/** The raw byte escaped at `at`, in upper-case hex. */
function hexByte(text: string, at: number): string {
	return escapedByte(text.charCodeAt(at)).toString(16).toUpperCase();
}

/** The size of a line in octets as crawlers receive it, line end included. */
function lineOctets(model: RobotsModel, line: number): number {
	return octetLength(model.lineTexts[line]);
}

/**
 * The file's size in UTF-8 (each segment's size): the line during which the file grows past a number of bytes, or
 * -1. Only the segment where that happens is read again line by line.
 */
const fileSize: FileFact<number, (model: RobotsModel, octets: number) => number> = {
	name: 'file size',
	summarize(window) {
		const { from, to } = window;
		let octets = 0;
		// Kept per line: a segment of 47 000 lines is summarised again after each edit inside it.
		for (let line = from; line < to; line++) {
			octets += window.perLine('octets', line, lineOctets);
		}
		return octets;
	},
	combine: (sizes, starts) => (model, octets) => {
		let total = 0;
		for (let i = 0; i < sizes.length; i++) {
			if (total + sizes[i] <= octets) {
				total += sizes[i];
				continue;
			}
			for (let line = starts[i]; ; line++) {
				total += lineOctets(model, line);
				if (total > octets) {
					return line;
				}
			}
		}
		return -1;
	},
};

/** Whether a line is an Allow or Disallow line (strict reading), as Yandex counts rules. */
function isRuleLine(model: RobotsModel, line: number): boolean {
	const directive = model.lines[line].directive;
	return directive === 'allow' || directive === 'disallow';
}

/** The number of rules of each segment: the `n`-th rule's line (counting from 1), or -1. */
const ruleCount: FileFact<number, (model: RobotsModel, n: number) => number> = {
	name: 'rule count',
	summarize({ model, from, to }) {
		let rules = 0;
		for (let line = from; line < to; line++) {
			rules += isRuleLine(model, line) ? 1 : 0;
		}
		return rules;
	},
	combine: (counts, starts) => (model, n) => {
		let count = 0;
		for (let i = 0; i < counts.length; i++) {
			if (count + counts[i] < n) {
				count += counts[i];
				continue;
			}
			for (let line = starts[i]; ; line++) {
				if (isRuleLine(model, line) && ++count === n) {
					return line;
				}
			}
		}
		return -1;
	},
};

/** The limits of the whole file: the 500 KiB that crawlers read, Yandex's 2 048 rules. */
const fileLimits: Check = (context) => {
	const beyond = context.fact(fileSize)(context.model, maxFileOctets);
	if (beyond >= 0) {
		// What each target crawler does with a file this size, from the crawler catalogue.
		const truncating = context.targets.filter((crawler) => crawler.sizeLimit?.beyond === 'truncate' && crawler.sizeLimit.bytes <= maxFileOctets);
		const allowing = context.targets.filter((crawler) => crawler.sizeLimit?.beyond === 'allow-all' && crawler.sizeLimit.bytes <= maxFileOctets);
		const parts: string[] = [];
		if (truncating.length > 0) {
			const names = listNames(
				truncating.map((crawler) => crawler.token),
				3,
			);
			parts.push(
				truncating.length > 1
					? t('{0} read only the first 500 KiB, so this line and everything after it do not count for them', names)
					: t('{0} reads only the first 500 KiB, so this line and everything after it do not count for it', names),
			);
		}
		if (allowing.length > 0) {
			const names = listNames(
				allowing.map((crawler) => crawler.token),
				3,
			);
			parts.push(
				allowing.length > 1
					? t('{0} treat a file over 500 KiB as allowing everything', names)
					: t('{0} treats a file over 500 KiB as allowing everything', names),
			);
		}
		context.report({
			code: 'file-too-large',
			line: beyond,
			message:
				parts.length === 2
					? t('The file is over 500 KiB: {0}; {1}. (RFC 9309 §2.5 only requires crawlers to read the first 500 KiB.)', parts[0], parts[1])
					: parts.length === 1
						? t('The file is over 500 KiB: {0}. (RFC 9309 §2.5 only requires crawlers to read the first 500 KiB.)', parts[0])
						: t(
								'The file is over 500 KiB: RFC 9309 §2.5 only requires crawlers to read the first 500 KiB, so this line and everything after it may be ignored.',
							),
		});
	}
	const tooMany = context.concerns(['yandex']) ? context.fact(ruleCount)(context.model, yandexMaxRules + 1) : -1;
	if (tooMany >= 0) {
		context.report({
			code: 'too-many-rules',
			line: tooMany,
			message: t('This is rule number {0}: Yandex reports an error for more than {1} Allow/Disallow rules.', yandexMaxRules + 1, formatNumber(yandexMaxRules)),
		});
	}
};

/** The limits of one line: Google's 16 663 bytes, Yandex's rules of 1 024 characters. */
const lineLimits: Check = (context) => {
	const { model } = context;
	const yandex = context.concerns(['yandex']);
	for (let line = context.from; line < context.to; line++) {
		const text = model.lineTexts[line];
		const node = model.lines[line];
		const lineOctets = text.length * 3 <= googleMaxLineOctets ? -1 : octetLength(model.lineText(line));
		const cut = lineOctets > googleMaxLineOctets ? octetCut(model.lineText(line), googleMaxLineOctets) : -1;
		// A cut inside a comment loses nothing Google would have read.
		if (cut >= 0 && (node.kind === 'directive' || node.kind === 'text') && (node.commentStart < 0 || cut < node.commentStart)) {
			context.report({
				code: 'line-too-long',
				line,
				start: cut,
				message: t(
					'This line is {0} bytes long; Google reads only the first {1} bytes of a line and ignores the rest, from here on.',
					formatNumber(lineOctets),
					formatNumber(googleMaxLineOctets),
				),
			});
		}
		const length = node.valueEnd - node.valueStart;
		if (yandex && (node.directive === 'allow' || node.directive === 'disallow') && length > yandexMaxRuleLength) {
			context.report({
				code: 'rule-too-long',
				line,
				start: node.valueStart,
				end: node.valueEnd,
				message: t(
					'This rule is {0} characters long: Yandex reports an error for rules over {1} characters.',
					formatNumber(length),
					formatNumber(yandexMaxRuleLength),
				),
			});
		}
	}
};

/** Whether this is a robots.txt file at all, under its name; when it is not, no other check runs. */
export const identityChecks: readonly IdentityCheck[] = [{ file: fileName }, { file: notRobotsTxt, final: true }];

/** The codes these checks report that the analysis lists only so many of, and how many. */
export const fileCaps: ReadonlyMap<string, number> = new Map([['invalid-utf8', maxInvalidUtf8]]);

/** The facts these checks ask. */
export const fileFacts: readonly AnyFact[] = [fileSize, ruleCount];

export const fileChecks: readonly CheckEntry[] = [{ file: byteOrderMark }, { line: invalidUtf8 }, { file: fileLimits }, { line: lineLimits }];
